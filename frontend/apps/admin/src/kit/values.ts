/** Reads a whole number typed in a form, `fallback` when it is not one (back-office.md §5). */
export const toInt = (raw: unknown, fallback = 0): number => {
  const value = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? '').trim(), 10);
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
};

/** Counts with the right noun: `plural(1, 'post')` is '1 post', `plural(2, 'post')` '2 posts'. */
export const plural = (count: number, singular: string, many = `${singular}s`) =>
  `${count} ${count === 1 ? singular : many}`;

/** An empty text for absent optional strings. */
export const text = (value: string | null | undefined) => value ?? '';

/** Sends an empty optional text as absent. */
export const optional = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The server's URL rule (an absolute `http://` or `https://` URL with a host and no whitespace),
 * so a form says 'Please enter a valid URL' before the server refuses it.
 */
export const isWebUrl = (value: string) => /^https?:\/\/[^/?#\s]+\S*$/.test(value.trim());

/** A date-time the way the back office shows them: 'Jan 5, 2026'. */
export const shortDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/** A moment the way the inbox shows it (back-office.md §2, en-US): 'Jan 5, 2026, 3:04 PM'. */
export const shortDateTime = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
};

/**
 * An ISO moment as a `datetime-local` input shows it, in this browser's time zone
 * ('2026-05-01T11:00'); empty for none or an unreadable value.
 */
export const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** A `datetime-local` value, read in this browser's time zone, as an ISO moment in UTC ('' for none). */
export const fromLocalInput = (local: string) => {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/**
 * Whether a published record waits for its publish time (the server keeps it off the public site
 * until then): 'Scheduled' in the lists.
 */
export const isScheduled = (
  record: { status: string; publishAt?: string | null },
  now: number = Date.now(),
) => record.status === 'published' && !!record.publishAt && Date.parse(record.publishAt) > now;

/** Orders by the `order` field, then by a name. */
export const byOrder =
  <TRow extends { order: number }>(name: (row: TRow) => string) =>
  (a: TRow, b: TRow) =>
    a.order - b.order || name(a).localeCompare(name(b));

/**
 * The slug rule of back-office.md §5: lowercase, non-word characters dropped, spaces to hyphens,
 * repeated hyphens collapsed (and none at either end).
 */
export const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .replace(/_/g, '-')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** A status word as people read it: 'in_negotiation' → 'In negotiation'. */
export const humanize = (value: string) => {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Markdown read as plain text, for excerpts on cards and in tables: images and html dropped,
 * links kept as their words, heading, quote and list markers and emphasis marks removed, all
 * whitespace folded into single spaces.
 */
export const plainText = (markdown: string | null | undefined) =>
  (markdown ?? '')
    .replace(/^\s*(?:```|~~~).*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|~~|==|\+\+|\*|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(?<!\w)(__|_)(?=\S)([^\n]*?\S)\1(?!\w)/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
