//! Below a kit list: which rows are shown of how many, the page size and the pages.
import { inputClass } from '@atelier/ui/form-field';
import { Pagination } from '@atelier/ui/pagination';
import type { ListDefinition } from '../resource';
import type { ListState, ListStatePatch } from './list-state';

export interface ListFooterProps<TRow> {
  list: ListDefinition<TRow>;
  state: ListState;
  update: (patch: ListStatePatch) => void;
  /** Whether the rows' count shows (loaded, not failed, some rows). */
  counted: boolean;
  first: number;
  last: number;
  total: number;
  /** The server counted only so far ('+' after the total). */
  capped: boolean;
  paged: boolean;
  totalPages: number;
  /** Names the pages' navigation: the screen's title. */
  title: string;
}

export function ListFooter<TRow>({
  list,
  state,
  update,
  counted,
  first,
  last,
  total,
  capped,
  paged,
  totalPages,
  title,
}: ListFooterProps<TRow>) {
  return (
    <>
      {counted && (
        <footer className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-gray-600" aria-live="polite">
            Showing {first}–{last} of {total}
            {capped ? '+' : ''}
          </p>
          {paged && list.pageSizes && list.pageSizes.length > 1 && (
            <label className="flex items-center gap-2 whitespace-nowrap text-sm text-gray-600">
              Per page
              <select
                value={state.size}
                onChange={(event) => update({ size: Number(event.target.value) })}
                className={`${inputClass} w-auto`}
              >
                {list.pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {list.pageSizeLabel?.(size) ?? size}
                  </option>
                ))}
              </select>
            </label>
          )}
        </footer>
      )}
      {paged && (
        <Pagination
          page={state.page}
          totalPages={totalPages}
          onPageChange={(page) => update({ page })}
          label={`${title} pages`}
        />
      )}
    </>
  );
}
