/** The listing shows at most this many page buttons. */
export const MAX_PAGE_BUTTONS = 5;

/** The page numbers to offer: a window of at most 5 around the current page, within 1..total. */
export const pageWindow = (current: number, total: number, size = MAX_PAGE_BUTTONS): number[] => {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  const page = Math.min(Math.max(current, 1), total);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
};
