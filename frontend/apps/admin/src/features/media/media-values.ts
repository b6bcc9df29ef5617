import type { MediaItem, MediaKind } from '@atelier/api-client/api';

/** The type radios of back-office.md §2, and what each sends as `kind`. */
export const KIND_OPTIONS: readonly { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Documents' },
  { value: 'video', label: 'Videos' },
];

export const isKind = (value: string | null): value is MediaKind =>
  value === 'image' || value === 'document' || value === 'video';

/** What the file picker offers: the formats the server accepts (it checks the bytes anyway). */
export const ACCEPTED_TYPES =
  'image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf,video/mp4,video/webm';

export const PAGE_SIZE = 24;

/** '512 bytes', '12.5 KB', '3.2 MB' (binary units, as the server's limit is written). */
export const fileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
};

export const dimensions = (item: Pick<MediaItem, 'width' | 'height'>) =>
  item.width && item.height ? `${item.width} × ${item.height} px` : '—';

/** The smallest copy at least `width` px wide, else the original: what a card of that size shows. */
export const thumbnailUrl = (item: MediaItem, width = 480) =>
  item.variants.find((variant) => variant.width >= width)?.url ?? item.url;

/** `srcset` of an image's copies and original, for `<img>`. */
export const srcSetOf = (item: MediaItem) =>
  [
    ...item.variants.map((variant) => `${variant.url} ${variant.width}w`),
    ...(item.width ? [`${item.url} ${item.width}w`] : []),
  ].join(', ');

/** The library's text when nothing matches. */
export const EMPTY_TEXT = 'No media found';
