import {
  type ProjectRequest,
  type ProjectRequestInput,
  useUpdateProjectRequest,
  useUpdateProjectRequestStatus,
} from '@atelier/api-client/api';
import { projectRequestLabel } from '@atelier/ui/project-request-options';
import { failedTo } from '@/kit/errors';
import { DetailItem, DetailList } from '@/kit/inbox/detail-list';
import {
  AttributionItems,
  DetailHeader,
  ReachItems,
  ReachOutActions,
  TextBlock,
  useSaveNotes,
} from '@/kit/inbox/detail-parts';
import type { DetailControls } from '@/kit/inbox/inbox-definition';
import { InlineSelect } from '@/kit/inbox/inline-select';
import { NotesField } from '@/kit/inbox/notes-field';
import { NotSpam } from '@/kit/inbox/spam-controls';
import { StatusControl } from '@/kit/inbox/status-buttons';
import { StatusBadge } from '@/kit/list/status-badge';
import { useRowAction } from '@/kit/list/use-row-action';
import { RecordPresence } from '@/kit/presence/presence-banner';
import { shortDateTime } from '@/kit/values';
import { INVALIDATES, PRIORITIES, REQUEST_STATUSES, SOURCES, statusLabel } from './request-options';

/** The open request: its details, status, priority, source and notes, each saved at once. */
export function RequestDetail({
  request,
  controls,
}: {
  request: ProjectRequest;
  controls: DetailControls;
}) {
  const change = useRowAction(useUpdateProjectRequest(), INVALIDATES);
  const update = useUpdateProjectRequest();
  const saveNotes = useSaveNotes(
    (notes, version) => update.mutateAsync({ id: request._id, data: { notes, version } }),
    INVALIDATES,
  );
  const set = (data: ProjectRequestInput) =>
    void change.run(
      { id: request._id, data: { ...data, version: request.version } },
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
      <RecordPresence kind="project-request" id={request._id} />
      {request.spam && (
        <NotSpam
          recordId={request._id}
          version={request.version}
          useUpdate={useUpdateProjectRequest}
          invalidates={INVALIDATES}
          destination="the pipeline"
          failure={failedTo('update', 'project requests')}
        />
      )}

      <DetailList>
        <ReachItems email={request.email} phone={request.phone} />
        <DetailItem term="Project Type">{projectRequestLabel(request.projectType)}</DetailItem>
        <DetailItem term="Budget">{projectRequestLabel(request.budget)}</DetailItem>
        <DetailItem term="Timeline">{projectRequestLabel(request.timeline)}</DetailItem>
        <DetailItem term="Received">{shortDateTime(request.createdAt)}</DetailItem>
        <DetailItem term="Last updated">{shortDateTime(request.updatedAt)}</DetailItem>
        <AttributionItems attribution={request.attribution} />
      </DetailList>

      <TextBlock label="Description" text={request.description} />

      <StatusControl
        label="Update Status"
        options={REQUEST_STATUSES}
        recordId={request._id}
        version={request.version}
        current={request.status}
        useUpdate={useUpdateProjectRequestStatus}
        invalidates={INVALIDATES}
        success="Status updated successfully!"
        failure={failedTo('update', 'project requests')}
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
        version={request.version}
        record="request"
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
