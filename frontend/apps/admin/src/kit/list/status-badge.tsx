import { humanize } from '../values';

const TONES: Record<string, string> = {
  active: 'bg-green-100 text-green-800',
  approved: 'bg-green-100 text-green-800',
  published: 'bg-green-100 text-green-800',
  inactive: 'bg-gray-100 text-gray-700',
  archived: 'bg-gray-100 text-gray-700',
  rejected: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-800',
  draft: 'bg-amber-100 text-amber-800',
};

/** A record's status as a coloured pill. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? 'bg-blue-100 text-blue-800'}`}
    >
      {humanize(status)}
    </span>
  );
}
