//! Which rows of a list a page shows, and how many pages there are.

export interface ListRange {
  /** The first row shown, counted from 1 (0 when there are none). */
  first: number;
  /** The last row shown. */
  last: number;
  /** At least 1, even for an empty list. */
  totalPages: number;
}

/**
 * The rows `page` (from 1) shows of `total`, `size` a page; an unpaged list shows them all on its
 * one page.
 */
export const listRange = (total: number, page: number, size: number, paged: boolean): ListRange => {
  const totalPages = paged ? Math.max(1, Math.ceil(total / size)) : 1;
  const first = total === 0 ? 0 : (page - 1) * (paged ? size : total) + 1;
  const last = paged ? Math.min(total, page * size) : total;
  return { first, last, totalPages };
};
