import type { KeyboardEvent } from 'react';
import { Link, type To } from 'react-router';
import { failedTo, serverMessageOr } from '../errors';
import { LoadError } from '../feedback/load-error';
import { ListSkeleton } from '../list/list-body';
import type { Identified } from '../resource';
import type { InboxDefinition, InboxRows } from './inbox-definition';

const ITEM = 'data-inbox-item';

/** Up/Down (and Home/End) move the focus through the list's entries; Enter opens one. */
const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ITEM}]`)];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(items.length - 1, at + 1)
          : Math.max(0, at === -1 ? 0 : at - 1);
  items[next]?.focus();
};

/** The inbox's list: its loading, failed and empty states, or its entries, the open one marked. */
export function InboxList<TRow extends Identified>({
  definition,
  result,
  openId,
  linkTo,
}: {
  definition: InboxDefinition<TRow>;
  result: InboxRows<TRow>;
  openId: string;
  /** Where an entry leads: its record's address, keeping the list's query. */
  linkTo: (id: string) => To;
}) {
  const loadError = result.error
    ? serverMessageOr(result.error, failedTo('fetch', definition.plural))
    : '';
  return result.isPending ? (
    <ListSkeleton table={false} label={`Loading ${definition.plural}…`} />
  ) : loadError ? (
    <LoadError message={loadError} onRetry={result.refetch} />
  ) : result.rows.length === 0 ? (
    <p className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
      {definition.empty}
    </p>
  ) : (
    <ul
      aria-label={definition.title}
      onKeyDown={moveFocus}
      className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white"
    >
      {result.rows.map((row) => {
        const current = row._id === openId;
        return (
          <li key={row._id}>
            <Link
              {...{ [ITEM]: '' }}
              to={linkTo(row._id)}
              aria-current={current ? 'true' : undefined}
              className={`block px-4 py-3 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
                current ? 'bg-blue-50' : 'hover:bg-gray-50'
              }`}
            >
              {definition.row(row)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
