import { Icon } from '@atelier/ui/icon';
import { Skeleton } from '@atelier/ui/skeleton';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { faEye, faPen, faTrash } from '@fortawesome/free-solid-svg-icons';
import type { ReactNode } from 'react';
import type { ListDefinition, RowAction } from '../resource';

export interface RowHandlers<TRow> {
  onAction: (action: RowAction, row: TRow) => void;
  /**
   * Whether the account may use `action` on `row` (edit and delete follow its permissions, and
   * for a role allowed its own records only, who created the row); every action without it. The
   * row controls (moving a row) follow `edit`.
   */
  allows?: (action: RowAction, row: TRow) => boolean;
}

const ACTION_STYLE: Record<RowAction, { label: string; icon: typeof faEye; className: string }> = {
  view: { label: 'View', icon: faEye, className: 'text-gray-600 hover:bg-gray-100' },
  edit: { label: 'Edit', icon: faPen, className: 'text-blue-700 hover:bg-blue-50' },
  delete: { label: 'Delete', icon: faTrash, className: 'text-red-700 hover:bg-red-50' },
};

function RowActions<TRow>({
  list,
  row,
  rows,
  onAction,
  allows = () => true,
}: { list: ListDefinition<TRow>; row: TRow; rows: readonly TRow[] } & RowHandlers<TRow>) {
  const name = list.rowLabel(row);
  return (
    <div className="flex items-center justify-end gap-1 whitespace-nowrap">
      {allows('edit', row) && list.rowControls?.(row, rows)}
      {list.actions
        .filter((action) => allows(action, row))
        .map((action) => {
          const style = ACTION_STYLE[action];
          return (
            <button
              key={action}
              type="button"
              onClick={() => onAction(action, row)}
              aria-label={`${style.label} ${name}`}
              title={style.label}
              className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium ${style.className}`}
            >
              <Icon icon={style.icon} className="h-3.5 w-3.5" />
              <span className="hidden lg:inline">{style.label}</span>
            </button>
          );
        })}
    </div>
  );
}

/**
 * A table's rows on a phone: one card each, the first column as its head, the others as labelled
 * facts, the actions at the bottom, so nothing hides past the right edge.
 */
function StackedRows<TRow extends { _id: string }>({
  list,
  rows,
  actionsOf,
}: {
  list: ListDefinition<TRow>;
  rows: readonly TRow[];
  actionsOf: (row: TRow) => ReactNode;
}) {
  const [head, ...rest] = list.columns ?? [];
  return (
    <ul className="space-y-3">
      {rows.map((row) => (
        <li
          key={row._id}
          className={`rounded-xl border border-gray-200 bg-white p-4 shadow-sm ${list.rowClassName?.(row) ?? ''}`}
        >
          {head && <div className="text-sm text-gray-900">{head.cell(row)}</div>}
          {rest.length > 0 && (
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {rest.map((column) => (
                <div key={column.header} className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
                    {column.header}
                  </dt>
                  <dd className="mt-0.5 break-words text-gray-700">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="mt-3 border-t border-gray-100 pt-2">{actionsOf(row)}</div>
        </li>
      ))}
    </ul>
  );
}

/** The rows as a table (when the list has columns; stacked cards on a phone) or a card grid. */
export function ListBody<TRow extends { _id: string }>({
  list,
  rows,
  allRows,
  onAction,
  allows,
}: {
  list: ListDefinition<TRow>;
  rows: readonly TRow[];
  allRows: readonly TRow[];
} & RowHandlers<TRow>) {
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const actionsOf = (row: TRow) => (
    <RowActions list={list} row={row} rows={allRows} onAction={onAction} allows={allows} />
  );
  if (list.columns && !wide) {
    return <StackedRows list={list} rows={rows} actionsOf={actionsOf} />;
  }
  if (list.columns) {
    return (
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50">
            <tr>
              {list.columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase ${column.className ?? ''}`}
                >
                  {column.header}
                </th>
              ))}
              <th
                scope="col"
                className="px-4 py-3 text-right text-xs font-semibold text-gray-600 uppercase"
              >
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row._id} className={`hover:bg-gray-50 ${list.rowClassName?.(row) ?? ''}`}>
                {list.columns?.map((column) => (
                  <td
                    key={column.header}
                    className={`px-4 py-3 align-top text-gray-700 ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                <td className="px-4 py-3 align-top">{actionsOf(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul
      className={list.layout === 'list' ? 'space-y-3' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'}
    >
      {rows.map((row) => (
        <li
          key={row._id}
          className={`flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm ${list.rowClassName?.(row) ?? ''}`}
        >
          {list.card?.(row, actionsOf(row))}
        </li>
      ))}
    </ul>
  );
}

/** Grey shapes where the rows will be. */
export function ListSkeleton({ table, label }: { table: boolean; label: string }): ReactNode {
  const items = Array.from({ length: 5 }, (_, index) => index);
  return (
    <div role="status" aria-label={label}>
      <span className="sr-only">{label}</span>
      {table ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <Skeleton className="h-5 w-full" />
          {items.map((item) => (
            <Skeleton key={item} className="h-9 w-full" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.slice(0, 3).map((item) => (
            <div key={item} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
