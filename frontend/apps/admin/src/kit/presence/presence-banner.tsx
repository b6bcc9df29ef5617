import type { PresenceEntry, PresenceKind } from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faUserPen } from '@fortawesome/free-solid-svg-icons';
import { shortDateTime } from '../values';
import { usePresence } from './use-presence';

/** "{name} is editing this since {time}", one line per other person; nothing when alone. */
export function PresenceBanner({ others }: { others: readonly PresenceEntry[] }) {
  if (others.length === 0) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Icon icon={faUserPen} className="mt-0.5 h-3.5 w-3.5 shrink-0" />
      <div className="min-w-0 space-y-0.5">
        {others.map((other) => (
          <p key={other.account.id} className="break-words">
            <span className="font-semibold">{other.account.name}</span> is editing this since{' '}
            <time dateTime={other.since}>{shortDateTime(other.since)}</time>
          </p>
        ))}
      </div>
    </div>
  );
}

/** The banner of the people editing one record with this person (mount it in an edit form). */
export function RecordPresence({ kind, id }: { kind: PresenceKind; id: string | undefined }) {
  return <PresenceBanner others={usePresence(kind, id)} />;
}
