import {
  exportProjectRequests,
  type LeadSource,
  type NewProjectRequest,
  type ProjectPriority,
  type ProjectRequest,
  type ProjectRequestInput,
  type ProjectRequestStatus,
  useCreateProjectRequest,
  useDeleteProjectRequest,
  useGetProjectRequest,
  useGetProjectRequestStats,
  useListProjectRequests,
  useUpdateProjectRequest,
  useUpdateProjectRequestStatus,
} from '@atelier/api-client/api';
import { inputClass } from '@atelier/ui/form-field';
import {
  ADMIN_PROJECT_TYPES,
  BUDGETS,
  projectRequestLabel,
  TIMELINES,
} from '@atelier/ui/project-request-options';
import { useId } from 'react';
import { z } from 'zod';
import { failedTo } from '@/kit/errors';
import { ExportButton } from '@/kit/export/export-button';
import { FieldRow, SelectField, TextAreaField, TextField } from '@/kit/fields/fields';
import { type FormHost, ResourceForm } from '@/kit/form/resource-form';
import { DetailItem, DetailList } from '@/kit/inbox/detail-list';
import {
  DetailHeader,
  InboxEntry,
  ReachItems,
  ReachOutActions,
  TextBlock,
  useSaveNotes,
} from '@/kit/inbox/detail-parts';
import { type DetailControls, defineInbox, InboxScreen } from '@/kit/inbox/inbox-screen';
import { NotesField } from '@/kit/inbox/notes-field';
import { StatusButtons } from '@/kit/inbox/status-buttons';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import { StatusBadge } from '@/kit/list/status-badge';
import { useRowAction } from '@/kit/list/use-row-action';
import { fromQuery } from '@/kit/resource';
import { humanize, optional, plural, shortDateTime } from '@/kit/values';
import { projectRequestsScreen } from './screen';

/** Rows per page of the request list. */
export const PROJECT_REQUESTS_PAGE_SIZE = 20;

/** back-office.md §4: the seven statuses in pipeline order, new_request first. */
export const REQUEST_STATUSES = [
  { value: 'new_request', label: 'New Request' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'proposal_sent', label: 'Proposal Sent' },
  { value: 'in_negotiation', label: 'In Negotiation' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'completed', label: 'Completed' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly { value: ProjectRequestStatus; label: string }[];

const PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const satisfies readonly { value: ProjectPriority; label: string }[];

const SOURCES = [
  { value: 'website', label: 'Website' },
  { value: 'referral', label: 'Referral' },
  { value: 'social_media', label: 'Social Media' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: LeadSource; label: string }[];

const statusLabel = (status: string) =>
  REQUEST_STATUSES.find((option) => option.value === status)?.label ?? humanize(status);

const INVALIDATES = ['/project-requests'];

/** Every field of a request, for the CSV export. */
/** The pipeline: how many requests stand at each status; a step filters the list to it. */
function Pipeline({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const stats = useGetProjectRequestStats();
  const current = state.filters.status ?? '';
  if (stats.error) return null;
  return (
    <nav aria-label="Pipeline" className="overflow-x-auto">
      <ol className="flex min-w-max gap-2">
        {REQUEST_STATUSES.map((step) => {
          const count = stats.data?.byStatus[step.value];
          const active = current === step.value;
          return (
            <li key={step.value} className="flex-1">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => update({ filters: { status: active ? '' : step.value } })}
                className={`w-full min-w-28 rounded-xl border px-3 py-2 text-left transition-colors ${
                  active
                    ? 'border-blue-600 bg-blue-50'
                    : 'border-gray-200 bg-white hover:border-gray-300 hover:bg-gray-50'
                }`}
              >
                <span className="block text-2xl font-bold text-gray-900">
                  {count === undefined ? (
                    <span className="inline-block h-7 w-8 animate-pulse rounded bg-gray-200" />
                  ) : (
                    count
                  )}
                </span>
                <span className="block text-xs font-medium text-gray-600">{step.label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function InlineSelect<TValue extends string>({
  label,
  value,
  options,
  busy,
  onChange,
}: {
  label: string;
  value: TValue;
  options: readonly { value: TValue; label: string }[];
  busy: boolean;
  onChange: (value: TValue) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(event) => onChange(event.target.value as TValue)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function RequestDetail({
  request,
  controls,
}: {
  request: ProjectRequest;
  controls: DetailControls;
}) {
  const status = useRowAction(useUpdateProjectRequestStatus(), INVALIDATES);
  const change = useRowAction(useUpdateProjectRequest(), INVALIDATES);
  const update = useUpdateProjectRequest();
  const saveNotes = useSaveNotes(
    (notes) => update.mutateAsync({ id: request._id, data: { notes } }),
    INVALIDATES,
  );
  const set = (data: ProjectRequestInput) =>
    void change.run(
      { id: request._id, data },
      'Project request updated successfully!',
      failedTo('update', 'project requests'),
    );
  return (
    <article className="space-y-6 p-5 sm:p-6">
      <DetailHeader
        title={request.clientName}
        subtitle={request.companyName}
        badge={<StatusBadge status={request.status} label={statusLabel(request.status)} />}
      />

      <DetailList>
        <ReachItems email={request.email} phone={request.phone} />
        <DetailItem term="Project Type">{projectRequestLabel(request.projectType)}</DetailItem>
        <DetailItem term="Budget">{projectRequestLabel(request.budget)}</DetailItem>
        <DetailItem term="Timeline">{projectRequestLabel(request.timeline)}</DetailItem>
        <DetailItem term="Received">{shortDateTime(request.createdAt)}</DetailItem>
        <DetailItem term="Last updated">{shortDateTime(request.updatedAt)}</DetailItem>
      </DetailList>

      <TextBlock label="Description" text={request.description} />

      <StatusButtons
        label="Update Status"
        options={REQUEST_STATUSES}
        current={request.status}
        busy={status.busy}
        onSelect={(value) =>
          void status.run(
            { id: request._id, data: { status: value as ProjectRequestStatus } },
            'Status updated successfully!',
            failedTo('update', 'project requests'),
          )
        }
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <InlineSelect
          label="Priority"
          value={request.priority}
          options={PRIORITIES}
          busy={change.busy}
          onChange={(priority) => set({ priority })}
        />
        <InlineSelect
          label="Source"
          value={request.source}
          options={SOURCES}
          busy={change.busy}
          onChange={(source) => set({ source })}
        />
      </div>

      <NotesField
        key={request._id}
        value={request.notes}
        onSave={saveNotes}
        failure={failedTo('update', 'project requests')}
        placeholder="Add notes about this request…"
      />

      <ReachOutActions
        email={request.email}
        subject={`Your project request: ${projectRequestLabel(request.projectType)}`}
        phone={request.phone}
        onDelete={controls.requestDelete}
      />
    </article>
  );
}

const required = (message: string) => z.string().trim().min(1, message);
const schema = z.object({
  clientName: required('Name is required'),
  companyName: required('Company name is required'),
  email: required('Email is required').pipe(z.email('Email is invalid')),
  phone: z.string(),
  projectType: required('Please select a project type'),
  budget: required('Please select a budget range'),
  timeline: required('Please select a timeline'),
  description: required('Please provide a brief description'),
  priority: z.enum(['low', 'medium', 'high', 'urgent']),
  source: z.enum(['website', 'referral', 'social_media', 'email', 'phone', 'other']),
});
type Values = z.infer<typeof schema>;

const DEFAULTS: Values = {
  clientName: '',
  companyName: '',
  email: '',
  phone: '',
  projectType: '',
  budget: '',
  timeline: '',
  description: '',
  priority: 'medium',
  source: 'website',
};

/** The create form of the right pane (back-office.md §5 'Project request creation'). */
export const requestForm: FormHost<ProjectRequest, Values, NewProjectRequest> = {
  title: 'New Project Request',
  form: {
    variant: 'inline',
    schema,
    defaults: DEFAULTS,
    fromRecord: () => DEFAULTS,
    toInput: ({ phone, ...values }) => ({ ...values, phone: optional(phone) }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="clientName" label="Client Name" required autoComplete="name" />
          <TextField name="companyName" label="Company Name" required autoComplete="organization" />
        </FieldRow>
        <FieldRow>
          <TextField name="email" label="Email" type="email" required autoComplete="email" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
        </FieldRow>
        <SelectField
          name="projectType"
          label="Project Type"
          required
          options={[
            { value: '', label: 'Select a project type' },
            ...ADMIN_PROJECT_TYPES.map((type) => ({ value: type, label: type })),
          ]}
        />
        <FieldRow>
          <TextField
            name="budget"
            label="Budget"
            required
            placeholder="e.g. $10,000 - $25,000"
            suggestions={BUDGETS.map((option) => option.label)}
          />
          <TextField
            name="timeline"
            label="Timeline"
            required
            placeholder="e.g. 1-3 months"
            suggestions={TIMELINES.map((option) => option.label)}
          />
        </FieldRow>
        <TextAreaField name="description" label="Description" required rows={5} />
        <FieldRow>
          <SelectField name="priority" label="Priority" options={PRIORITIES} />
          <SelectField name="source" label="Source" options={SOURCES} />
        </FieldRow>
      </>
    ),
    titles: { create: 'New Project Request', edit: 'New Project Request' },
    submitLabels: { create: 'Create Request', edit: 'Create Request' },
  },
  api: { useCreate: useCreateProjectRequest, invalidates: INVALIDATES },
  messages: {
    created: 'Project request created successfully!',
    updated: 'Project request updated successfully!',
    deleted: 'Project request deleted successfully!',
    deleteQuestion: '',
    plural: 'project requests',
  },
};

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
  status: { label: 'Status', allLabel: 'All', options: REQUEST_STATUSES },
  pageSize: PROJECT_REQUESTS_PAGE_SIZE,
  useRows: (state) => {
    const query = useListProjectRequests({
      ...listParams(state),
      page: state.page,
      limit: state.size,
    });
    const rows = fromQuery(query, (data) => ({
      rows: data.projectRequests,
      total: data.totalItems,
    }));
    return {
      ...rows,
      count: query.data ? plural(query.data.totalItems, 'request') : undefined,
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
