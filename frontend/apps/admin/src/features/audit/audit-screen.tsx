import { type AuditEntry, useListAuditActors, useListAuditEntries } from '@atelier/api-client/api';
import { useMemo } from 'react';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { useRegistry } from '@/kit/screens/registry';
import type { AuditKind } from '@/kit/screens/screen';
import { shortDateTime } from '@/kit/values';
import {
  actionLabel,
  ChangedFields,
  DATE_KEYS,
  DateRange,
  EntryDetails,
  kindLabel,
  RecordCell,
  recordName,
  Who,
} from './audit-parts';
import { auditScreen } from './screen';

/** The instant a day starts (`from`) or the next day starts (`to`, so the day is included). */
export const dayBound = (day: string | undefined, end: boolean): string | undefined => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (end) start.setDate(start.getDate() + 1);
  return start.toISOString();
};

/** Everyone the log names (former administrators too), as the "who" filter offers them. */
const useActorOptions = () => {
  const { data } = useListAuditActors();
  return (data?.actors ?? []).map((actor) => ({
    value: actor._id,
    label: actor.name || actor.email,
  }));
};

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
        { header: 'Record', cell: (row) => <RecordCell entry={row} kinds={kinds} /> },
        {
          header: 'Fields changed',
          cell: (row) => <ChangedFields entry={row} />,
          className: 'hidden lg:table-cell',
        },
      ],
      empty: (state) =>
        Object.values(state.filters).some(Boolean)
          ? 'No entries match these filters.'
          : 'No entries yet. Changes made in the back office appear here.',
      actions: ['view'],
      rowLabel: (row) =>
        `${actionLabel(row.action)} · ${[kindLabel(kinds, row.entityKind), recordName(row)].filter(Boolean).join(' ')}, ${shortDateTime(row.at)}`,
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
