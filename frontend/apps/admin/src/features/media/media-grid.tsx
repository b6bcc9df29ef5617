import type { MediaItem } from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faFilePdf, faFileVideo } from '@fortawesome/free-solid-svg-icons';
import { LoadError } from '@/kit/feedback/load-error';
import { EMPTY_TEXT, fileSize, PAGE_SIZE, thumbnailUrl } from './media-values';

/** 'Showing a–b of n' and, past one page, Previous and Next. */
export function MediaPager({
  page,
  total,
  totalPages,
  setParam,
}: {
  page: number;
  total: number;
  totalPages: number;
  setParam: (key: string, value: string) => void;
}) {
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700"
    >
      <p>
        Showing {first}–{last} of {total}
      </p>
      {totalPages > 1 && (
        <div className="flex gap-2">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setParam('page', String(page - 1))}
            className="rounded-lg border border-gray-300 px-3 py-1.5 disabled:opacity-50"
          >
            Previous
          </button>
          <button
            type="button"
            disabled={page >= totalPages}
            onClick={() => setParam('page', String(page + 1))}
            className="rounded-lg border border-gray-300 px-3 py-1.5 disabled:opacity-50"
          >
            Next
          </button>
        </div>
      )}
    </nav>
  );
}

/** The grid of cards, its loading placeholders, its error and its empty text. */
export function Library({
  state,
  error,
  onRetry,
  items,
  openId,
  onOpen,
}: {
  state: 'loading' | 'error' | 'ready';
  error: string;
  onRetry: () => unknown;
  items: readonly MediaItem[];
  openId: string;
  onOpen: (id: string) => void;
}) {
  if (state === 'loading') {
    return (
      <ul
        aria-label="Loading media"
        aria-busy="true"
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 2xl:grid-cols-4"
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <li key={index} className="aspect-[4/3] animate-pulse rounded-xl bg-gray-200" />
        ))}
      </ul>
    );
  }
  if (state === 'error') return <LoadError message={error} onRetry={onRetry} />;
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
        {EMPTY_TEXT}
      </p>
    );
  }
  return (
    <ul aria-label="Media items" className="grid grid-cols-2 gap-4 sm:grid-cols-3 2xl:grid-cols-4">
      {items.map((item) => (
        <li key={item._id}>
          <button
            type="button"
            onClick={() => onOpen(item._id)}
            aria-pressed={item._id === openId}
            aria-label={`Details of ${item.title}`}
            className={`group block w-full overflow-hidden rounded-xl border bg-white text-left shadow-sm hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-600 ${
              item._id === openId ? 'border-blue-600 ring-2 ring-blue-600' : 'border-gray-200'
            }`}
          >
            <Thumbnail item={item} />
            <span className="block p-2">
              <span className="block truncate text-sm font-medium text-gray-900">{item.title}</span>
              <span className="block text-xs text-gray-600">
                {item.mimeType.split('/')[1]?.toUpperCase()} · {fileSize(item.size)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Thumbnail({ item }: { item: MediaItem }) {
  if (item.kind === 'image') {
    return (
      <img
        src={thumbnailUrl(item)}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-gray-100 object-cover"
      />
    );
  }
  return (
    <span className="flex aspect-[4/3] w-full items-center justify-center bg-gray-100 text-gray-500">
      <Icon icon={item.kind === 'video' ? faFileVideo : faFilePdf} className="h-10 w-10" />
    </span>
  );
}
