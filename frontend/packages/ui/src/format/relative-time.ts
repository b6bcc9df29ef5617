const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Just now' under a minute, then 'N m ago', 'N h ago', 'N d ago', and the date itself
 * (e.g. 'Mar 15, 2024') after 30 days (public-site.md §9).
 */
export const relativeTime = (iso: string, now = new Date()): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now.getTime() - time);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed <= 30 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return new Date(time).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
};

/** A date in the long US format, e.g. 'March 15, 2024' ('' for a missing or invalid date). */
export const longDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
};
