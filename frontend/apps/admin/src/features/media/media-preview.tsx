//! An item's preview in the details panel: the image, the video player, or a link to the file.
import type { MediaItem } from '@atelier/api-client/api';
import { srcSetOf, thumbnailUrl } from './media-values';

export function MediaPreview({ item }: { item: MediaItem }) {
  if (item.kind === 'image') {
    return (
      <img
        src={thumbnailUrl(item, 960)}
        srcSet={srcSetOf(item) || undefined}
        sizes="(min-width: 1024px) 22rem, 100vw"
        alt={item.alt}
        className="max-h-72 w-full rounded-lg bg-gray-100 object-contain"
      />
    );
  }
  if (item.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded file; captions are the author's
      <video
        src={item.url}
        controls
        preload="metadata"
        className="max-h-72 w-full rounded-lg bg-black"
      />
    );
  }
  return (
    <a
      href={item.url}
      target="_blank"
      rel="noreferrer"
      className="flex h-32 items-center justify-center rounded-lg bg-gray-100 text-sm font-medium text-blue-700 hover:underline"
    >
      Open {item.fileName || 'the document'}
    </a>
  );
}
