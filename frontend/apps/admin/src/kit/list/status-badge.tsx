import { humanize, isScheduled, shortDateTime } from '../values';

const TONES: Record<string, string> = {
  active: 'bg-green-100 text-green-800',
  approved: 'bg-green-100 text-green-800',
  published: 'bg-green-100 text-green-800',
  inactive: 'bg-gray-100 text-gray-700',
  archived: 'bg-gray-100 text-gray-700',
  rejected: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-800',
  draft: 'bg-amber-100 text-amber-800',
  in_review: 'bg-sky-100 text-sky-800',
  scheduled: 'bg-purple-100 text-purple-800',
  // The inbox (new is the default blue).
  read: 'bg-gray-100 text-gray-700',
  replied: 'bg-green-100 text-green-800',
  closed: 'bg-gray-200 text-gray-800',
  // The project-request pipeline (new_request is the default blue).
  contacted: 'bg-indigo-100 text-indigo-800',
  proposal_sent: 'bg-purple-100 text-purple-800',
  in_negotiation: 'bg-amber-100 text-amber-800',
  accepted: 'bg-green-100 text-green-800',
  completed: 'bg-emerald-100 text-emerald-800',
  declined: 'bg-gray-200 text-gray-800',
  // Newsletter addresses (pending is amber above).
  confirmed: 'bg-green-100 text-green-800',
  unconfirmed: 'bg-gray-100 text-gray-700',
};

/** A record's status as a coloured pill; `label` when the status word reads differently. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? 'bg-blue-100 text-blue-800'}`}
    >
      {label ?? humanize(status)}
    </span>
  );
}

/**
 * A post's or project's status, 'Scheduled' while a published one waits for its publish time
 * (with that time beside it).
 */
export function PublicationBadge({
  record,
}: {
  record: { status: string; publishAt?: string | null };
}) {
  if (!isScheduled(record)) return <StatusBadge status={record.status} />;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <StatusBadge status="scheduled" />
      <span className="text-xs whitespace-nowrap text-gray-600">
        {shortDateTime(record.publishAt)}
      </span>
    </span>
  );
}
