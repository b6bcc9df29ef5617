import { type AuditEntry, useListAuditActors, useListAuditEntries } from '@atelier/api-client/api';
import { inputClass } from '@atelier/ui/form-field';
import { useId, useMemo } from 'react';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { useRegistry } from '@/kit/screens/registry';
import type { AuditKind } from '@/kit/screens/screen';
import { shortDateTime } from '@/kit/values';
import { auditScreen } from './screen';

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
  'admin-remove': 'Administrator removed',
  export: 'Exported',
};

/** How the log names a kind of record: as its screen declares it, else as the server writes it. */
const kindLabel = (kinds: readonly AuditKind[], kind: string) =>
  kinds.find((option) => option.value === kind)?.label ?? kind;

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The instant a day starts (`from`) or the next day starts (`to`, so the day is included). */
export const dayBound = (day: string | undefined, end: boolean): string | undefined => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (end) start.setDate(start.getDate() + 1);
  return start.toISOString();
};

const DATE_KEYS = ['from', 'to'] as const;

/** Who made the change: the account's name and address, or what a failed sign-in typed. */
function Who({ entry }: { entry: AuditEntry }) {
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
function DateRange({
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

/** Everyone the log names (former administrators too), as the "who" filter offers them. */
const useActorOptions = () => {
  const { data } = useListAuditActors();
  return (data?.actors ?? []).map((actor) => ({
    value: actor._id,
    label: actor.name || actor.email,
  }));
};

const summaryOf = (entry: AuditEntry) => (entry.summary.length ? entry.summary.join(', ') : '—');

/** Everything an entry holds, for the view dialog (and phones, where the table is cards). */
function EntryDetails({ entry, kinds }: { entry: AuditEntry; kinds: readonly AuditKind[] }) {
  const rows: [string, string][] = [
    ['When', new Date(entry.at).toLocaleString()],
    ['Action', actionLabel(entry.action)],
    [
      'Record',
      `${kindLabel(kinds, entry.entityKind)}${entry.entityId ? ` · ${entry.entityId}` : ''}`,
    ],
    ['Operation', entry.operation],
    ['Fields', summaryOf(entry)],
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

/**
 * The log as a list screen; the record filter offers the kinds every registered screen declares
 * (`audit` in its `screen.ts`).
 */
const auditResource = (kinds: readonly AuditKind[]) =>
  defineResource<AuditEntry, Record<string, never>, never>({
    title: auditScreen.title,
    description:
      'Every change made in the back office and every sign-in, newest first. Entries cannot be edited or deleted.',
    list: {
      mode: 'server',
      useRows: (state) => {
        const query = useListAuditEntries({
          page: state.page,
          limit: state.size,
          actor: state.filters.actor || undefined,
          entity: state.filters.entity || undefined,
          from: dayBound(state.filters.from, false),
          to: dayBound(state.filters.to, true),
        });
        return fromQuery(query, (data) => ({ rows: data.entries, total: data.totalItems }));
      },
      filters: [
        { key: 'actor', label: 'Who', allLabel: 'Everyone', options: [] },
        { key: 'entity', label: 'Record', allLabel: 'All records', options: kinds },
      ],
      addressKeys: DATE_KEYS,
      toolbarExtra: (state, update) => <DateRange state={state} update={update} />,
      pageSizes: [50, 100, 200],
      columns: [
        {
          header: 'When',
          cell: (row) => (
            <time dateTime={row.at} className="whitespace-nowrap text-gray-900">
              {shortDateTime(row.at)}
            </time>
          ),
        },
        { header: 'Who', cell: (row) => <Who entry={row} /> },
        {
          header: 'Action',
          cell: (row) => (
            <span
              className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${
                row.action === 'sign-in-failed'
                  ? 'bg-red-100 text-red-800'
                  : 'bg-blue-50 text-blue-800'
              }`}
            >
              {actionLabel(row.action)}
            </span>
          ),
        },
        {
          header: 'Record',
          cell: (row) => (
            <span className="text-gray-900">
              <span className="block">{kindLabel(kinds, row.entityKind)}</span>
              {row.entityId && (
                <span className="block break-words font-mono text-xs text-gray-600">
                  {row.entityId}
                </span>
              )}
            </span>
          ),
        },
        {
          header: 'Fields',
          cell: (row) => <span className="break-words text-gray-700">{summaryOf(row)}</span>,
        },
        {
          header: 'Request id',
          cell: (row) => (
            <span className="break-all font-mono text-xs text-gray-600">{row.requestId}</span>
          ),
        },
      ],
      empty: (state) =>
        Object.values(state.filters).some(Boolean)
          ? 'No entries match these filters.'
          : 'No entries yet. Changes made in the back office appear here.',
      actions: ['view'],
      rowLabel: (row) =>
        `${actionLabel(row.action)} · ${kindLabel(kinds, row.entityKind)}, ${shortDateTime(row.at)}`,
    },
    view: (row) => <EntryDetails entry={row} kinds={kinds} />,
    api: { invalidates: [] },
    messages: {
      created: '',
      updated: '',
      deleted: '',
      deleteQuestion: '',
      plural: 'audit entries',
    },
  });

export default function AuditScreen() {
  const actors = useActorOptions();
  const key = actors.map((actor) => actor.value).join();
  const { auditKinds } = useRegistry();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options change only with the admins
  const definition = useMemo(() => {
    const audit = auditResource(auditKinds);
    return {
      ...audit,
      list: {
        ...audit.list,
        filters: (audit.list.filters ?? []).map((filter) =>
          filter.key === 'actor' ? { ...filter, options: actors } : filter,
        ),
      },
    };
  }, [key, auditKinds]);
  return <ResourceScreen definition={definition} />;
}
