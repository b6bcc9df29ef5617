import {
  exportProjectRequests,
  type ProjectRequest,
  type ProjectRequestStatus,
  useDeleteProjectRequest,
  useGetProjectRequest,
  useGetProjectRequestStats,
  useListProjectRequests,
} from '@atelier/api-client/api';
import { projectRequestLabel } from '@atelier/ui/project-request-options';
import { ExportButton } from '@/kit/export/export-button';
import { ResourceForm } from '@/kit/form/resource-form';
import { InboxEntry } from '@/kit/inbox/detail-parts';
import { defineInbox } from '@/kit/inbox/inbox-definition';
import { InboxScreen } from '@/kit/inbox/inbox-screen';
import { SPAM_FOLDER, showsSpam } from '@/kit/inbox/spam-controls';
import { StatusPipeline, statusFilter } from '@/kit/inbox/status-pipeline';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import { StatusBadge } from '@/kit/list/status-badge';
import { fromQuery } from '@/kit/resource';
import { plural, shortDateTime } from '@/kit/values';
import { RequestDetail } from './request-detail';
import { requestForm } from './request-form';
import { INVALIDATES, REQUEST_STATUSES, statusLabel } from './request-options';
import { projectRequestsScreen } from './screen';

/** Rows per page of the request list. */
export const PROJECT_REQUESTS_PAGE_SIZE = 20;

/** The pipeline: how many requests stand at each status; a step filters the list to it. */
function Pipeline({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const stats = useGetProjectRequestStats();
  if (stats.error) return null;
  return (
    <StatusPipeline
      steps={REQUEST_STATUSES}
      counts={stats.data?.byStatus}
      state={state}
      update={update}
    />
  );
}

const listParams = (state: ListState) => ({
  search: state.q.trim() || undefined,
  status: (state.filters.status as ProjectRequestStatus | undefined) || undefined,
});

export const projectRequests = defineInbox<ProjectRequest>({
  title: projectRequestsScreen.title,
  description:
    'Quote requests from the website and elsewhere, worked from first contact to a decision.',
  plural: 'project requests',
  search: { placeholder: 'Search by client, company, email or description…' },
  status: statusFilter(REQUEST_STATUSES),
  folder: SPAM_FOLDER,
  pageSize: PROJECT_REQUESTS_PAGE_SIZE,
  useRows: (state) => {
    const spam = showsSpam(state.filters);
    const query = useListProjectRequests({
      ...listParams(state),
      spam,
      page: state.page,
      limit: state.size,
    });
    const rows = fromQuery(query, (data) => ({
      rows: data.projectRequests,
      total: data.totalItems,
    }));
    return {
      ...rows,
      count: query.data
        ? `${plural(query.data.totalItems, 'request')}${spam ? ' in spam' : ''}`
        : undefined,
    };
  },
  useRecord: (id) => {
    const query = useGetProjectRequest(id, { query: { enabled: id !== '', retry: false } });
    return { record: query.data, isPending: query.isPending, error: query.error };
  },
  row: (row) => (
    <InboxEntry
      title={row.clientName}
      badge={<StatusBadge status={row.status} label={statusLabel(row.status)} />}
      date={shortDateTime(row.createdAt)}
      priority={row.priority}
    >
      <p className="truncate text-sm text-gray-700">
        {row.companyName} · {projectRequestLabel(row.projectType)}
      </p>
    </InboxEntry>
  ),
  rowLabel: (row) => `${row.clientName}, ${row.companyName}: ${statusLabel(row.status)}`,
  detail: (row, controls) => <RequestDetail request={row} controls={controls} />,
  overview: (state, update) => <Pipeline state={state} update={update} />,
  headerActions: (state) => (
    <ExportButton
      operation="exportProjectRequests"
      plural="project requests"
      filename="project-requests"
      fetchCsv={() => exportProjectRequests(listParams(state), { headers: { Accept: 'text/csv' } })}
    />
  ),
  create: {
    label: 'New Request',
    render: (done) => (
      <div className="p-1">
        <ResourceForm
          definition={requestForm}
          rows={[]}
          onClose={() => done()}
          onSaved={(saved) => done((saved as ProjectRequest | undefined)?._id)}
        />
      </div>
    ),
  },
  remove: {
    useDelete: useDeleteProjectRequest,
    title: () => 'Delete Project Request',
    question: (row) =>
      `Are you sure you want to delete the project request for ${row.clientName}? This action cannot be undone.`,
    success: 'Project request deleted successfully!',
  },
  invalidates: INVALIDATES,
  empty: 'No project requests found',
  prompt: 'Select a project request',
  backLabel: 'Back to requests',
});

export default function ProjectRequestsScreen() {
  return <InboxScreen definition={projectRequests} />;
}
