import type { AuditEntry } from '@atelier/api-client/api';
import { inputClass } from '@atelier/ui/form-field';
import { useId } from 'react';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import type { AuditKind } from '@/kit/screens/screen';

/** How each action reads; an action not listed reads as the server writes it. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Status changed',
  reorder: 'Reordered',
  restore: 'Revision restored',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-password-accepted': 'Password accepted, code asked',
  'sign-out': 'Signed out',
  'sign-out-session': 'Ended a session',
  'sign-out-others': 'Ended other sessions',
  register: 'Account created',
  'password-change': 'Password changed',
  'profile-update': 'Profile updated',
  'two-factor-setup': 'Two-factor setup started',
  'two-factor-enable': 'Two-factor turned on',
  'two-factor-disable': 'Two-factor turned off',
  invite: 'Invitation sent',
  'invitation-revoke': 'Invitation withdrawn',
  'invitation-accept': 'Invitation accepted',
  'admin-remove': 'Account removed',
  'role-change': 'Role changed',
  'ownership-handover': 'Ownership handed over',
  'submit-for-review': 'Submitted for review',
  review: 'Reviewed',
  export: 'Exported',
  import: 'Imported',
};

/** How the log names kinds no screen declares (sign-ins and the account's own operations). */
const KIND_WORDS: Readonly<Record<string, string>> = {
  auth: 'Account',
  login: 'sign-in',
  'two-factor': 'two-factor',
  sessions: 'sessions',
  register: 'registration',
  invitations: 'invitations',
};

/**
 * How the log names a kind of record: as its screen declares it, or the declared kind it belongs
 * to (`contacts/status` is a contact message's), else in words (`auth/login` → 'Account sign-in'),
 * never as a route.
 */
export const kindLabel = (kinds: readonly AuditKind[], kind: string) => {
  const exact = kinds.find((option) => option.value === kind);
  if (exact) return exact.label;
  const parent = [...kinds]
    .sort((a, b) => b.value.length - a.value.length)
    .find((option) => kind.startsWith(`${option.value}/`));
  if (parent) return parent.label;
  const words = kind
    .split('/')
    .filter(Boolean)
    .map((part) => KIND_WORDS[part] ?? part.replace(/[-_]/g, ' '));
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : kind;
};

/** A record id shortened for reading; the full one is in the entry's details. */
export const shortId = (id: string) => (id.length > 8 ? `#${id.slice(-6)}` : id);

/**
 * How an entry names its record: the title kept with the entry, else (older entries) the kind
 * and a short id.
 */
export const recordName = (entry: AuditEntry) => {
  const title = entry.entityTitle?.trim();
  if (title) return title;
  // An entry about the person's own account (a sign-in) is named by the Who column already.
  if (!entry.entityId || entry.entityId === entry.actorId) return '';
  return shortId(entry.entityId);
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The date range's keys in the address. */
export const DATE_KEYS = ['from', 'to'] as const;

/** Who made the change: the account's name and address, or what a failed sign-in typed. */
export function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actorId) {
    return (
      <span className="text-gray-700">
        <span className="block font-medium">Nobody signed in</span>
        {entry.actorEmail && (
          <span className="block break-words text-xs text-gray-600">typed {entry.actorEmail}</span>
        )}
      </span>
    );
  }
  return (
    <span className="text-gray-900">
      <span className="block font-medium">{entry.actorName ?? 'Unknown account'}</span>
      {entry.actorEmail && (
        <span className="block break-words text-xs text-gray-600">{entry.actorEmail}</span>
      )}
    </span>
  );
}

/** The date range, kept in the address beside the declared filters. */
export function DateRange({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <legend className="sr-only">Date range</legend>
      {DATE_KEYS.map((key) => (
        <div key={key} className="sm:w-44">
          <label htmlFor={`${id}-${key}`} className="mb-1 block text-xs font-medium text-gray-700">
            {key === 'from' ? 'From' : 'To'}
          </label>
          <input
            id={`${id}-${key}`}
            type="date"
            value={state.filters[key] ?? ''}
            max={key === 'from' ? state.filters.to : undefined}
            min={key === 'to' ? state.filters.from : undefined}
            onChange={(event) => update({ filters: { [key]: event.target.value } })}
            className={inputClass}
          />
        </div>
      ))}
    </fieldset>
  );
}

export const summaryOf = (entry: AuditEntry) =>
  entry.summary.length ? entry.summary.join(', ') : '—';

/** The fields an entry changed, as small chips that wrap. */
export function ChangedFields({ entry }: { entry: AuditEntry }) {
  if (entry.summary.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul aria-label="Fields changed" className="flex flex-wrap gap-1">
      {entry.summary.map((field) => (
        <li
          key={field}
          className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs break-all text-gray-700"
        >
          {field}
        </li>
      ))}
    </ul>
  );
}

/** The record an entry is about: its title (or a short id) over its kind. */
export function RecordCell({ entry, kinds }: { entry: AuditEntry; kinds: readonly AuditKind[] }) {
  const name = recordName(entry);
  return (
    <span className="block min-w-0 text-gray-900">
      {name && (
        <span
          className={`block break-words font-medium ${entry.entityTitle ? '' : 'font-mono text-xs text-gray-600'}`}
        >
          {name}
        </span>
      )}
      <span className="block text-xs text-gray-600">{kindLabel(kinds, entry.entityKind)}</span>
    </span>
  );
}

/** Everything an entry holds, for the view dialog (and phones, where the table is cards). */
export function EntryDetails({ entry, kinds }: { entry: AuditEntry; kinds: readonly AuditKind[] }) {
  const rows: [string, string][] = [
    ['When', new Date(entry.at).toLocaleString()],
    ['Action', actionLabel(entry.action)],
    ['Record', entry.entityTitle?.trim() || '—'],
    ['Kind', kindLabel(kinds, entry.entityKind)],
    ['Record id', entry.entityId ?? '—'],
    ['Operation', entry.operation],
    ['Fields changed', summaryOf(entry)],
    ['Request id', entry.requestId],
    ['Client address', entry.clientAddress ?? '—'],
  ];
  return (
    <div className="space-y-4">
      <div>
        <Who entry={entry} />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-gray-600">{term}</dt>
            <dd className="break-all text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
