import { t } from '@atelier/messages/intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Just now' under a minute, then 'N m ago', 'N h ago', 'N d ago', and the date itself
 * (e.g. 'Mar 15, 2024') after 30 days (public-site.md §9), in the catalogue's language.
 */
export const relativeTime = (iso: string, now = new Date()): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now.getTime() - time);
  if (elapsed < MINUTE) return t('date.relative.justNow');
  if (elapsed < HOUR) return t('date.relative.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('date.relative.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed <= 30 * DAY) return t('date.relative.days', { count: Math.floor(elapsed / DAY) });
  return t('date.short', { date: new Date(time) });
};

/**
 * A date in the catalogue's long format, e.g. 'March 15, 2024' or '15. März 2024' ('' for a
 * missing or invalid date).
 */
export const longDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return t('date.long', { date: new Date(time) });
};
