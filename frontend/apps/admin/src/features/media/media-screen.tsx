import {
  type MediaItem,
  useGetMedia,
  useListMedia,
  useListMediaTags,
} from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faFilePdf, faFileVideo, faUpload } from '@fortawesome/free-solid-svg-icons';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { LoadError } from '@/kit/feedback/load-error';
import { SEARCH_DEBOUNCE_MS } from '@/kit/list/list-toolbar';
import { useScreenPath } from '@/kit/resource-screen';
import { addLinkClass, ScreenHeader } from '@/kit/screen-header';
import { MediaDetails } from './media-details';
import {
  ACCEPTED_TYPES,
  fileSize,
  isKind,
  KIND_OPTIONS,
  PAGE_SIZE,
  thumbnailUrl,
} from './media-values';
import { DropZone, UploadList, useUploads } from './uploads';

export const EMPTY_TEXT = 'No media found';

/**
 * back-office.md §2 Media Library: sidebar search, type radios and tag filters beside a card grid;
 * a card opens its details panel (title, alt text and tags editable; URL, size, dimensions, type,
 * date; delete). Uploads: the button, drag and drop, several files at once, each with its progress
 * and its own error. Search, type, tag and page live in the query string, the open item in the path
 * (`media/{id}`), so reload and back/forward keep the view.
 */
export default function MediaScreen() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const { base, rest, search } = useScreenPath();
  const navigate = useNavigate();
  const openId = rest.split('/')[0] ?? '';

  const q = params.get('q') ?? '';
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const tag = params.get('tag') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const setParam = (key: string, value: string, replace = false) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace });
  };

  // The search box answers at once; the address (and the request) after a pause.
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(() => setParam('q', draft.trim(), true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const list = useListMedia({
    ...(q ? { search: q } : {}),
    ...(kind ? { kind } : {}),
    ...(tag ? { tag } : {}),
    page,
    limit: PAGE_SIZE,
  });
  const tags = useListMediaTags();
  const items = list.data?.media ?? [];
  // The open item: from the page when it is on it, else asked for on its own.
  const onPage = items.find((item) => item._id === openId);
  const single = useGetMedia(openId, {
    query: { enabled: openId !== '' && !onPage && list.isSuccess },
  });
  const open = onPage ?? single.data;

  const uploads = useUploads();
  const fileInput = useRef<HTMLInputElement>(null);
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    uploads.add(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  const openItem = (id: string) => navigate(`${base}/${id}${search}`);
  const close = () => navigate(`${base}${search}`);

  const total = list.data?.totalItems ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <section className="space-y-6" aria-labelledby={headingId}>
      <ScreenHeader
        headingId={headingId}
        title="Media Library"
        description="Images, documents and videos for posts, projects and the team."
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          onChange={onChoose}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        />
        <button type="button" onClick={() => fileInput.current?.click()} className={addLinkClass}>
          <Icon icon={faUpload} className="h-4 w-4" />
          Upload
        </button>
      </ScreenHeader>

      <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
        <aside
          aria-label="Filters"
          className="space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm lg:self-start"
        >
          <div>
            <label
              htmlFor={`${headingId}-search`}
              className="mb-1 block text-sm font-medium text-gray-700"
            >
              Search
            </label>
            <input
              id={`${headingId}-search`}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Title, alt text, tag…"
              className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-gray-700">Type</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col">
              {KIND_OPTIONS.map((option) => (
                <label
                  key={option.label}
                  className="inline-flex items-center gap-2 text-sm text-gray-800"
                >
                  <input
                    type="radio"
                    name={`${headingId}-kind`}
                    value={option.value}
                    checked={(kind ?? '') === option.value}
                    onChange={() => setParam('kind', option.value)}
                    className="accent-blue-600"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <h2 className="mb-1 text-sm font-medium text-gray-700">Tags</h2>
            {tags.data && tags.data.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {tags.data.map((entry) => (
                  <li key={entry.tag}>
                    <button
                      type="button"
                      aria-pressed={tag === entry.tag}
                      onClick={() => setParam('tag', tag === entry.tag ? '' : entry.tag)}
                      className={`rounded-full border px-3 py-1 text-sm ${
                        tag === entry.tag
                          ? 'border-blue-600 bg-blue-600 text-white'
                          : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
                      }`}
                    >
                      {entry.tag}{' '}
                      <span className={tag === entry.tag ? 'text-blue-100' : 'text-gray-500'}>
                        ({entry.count})
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-600">No tags yet</p>
            )}
          </div>
        </aside>

        <div className="min-w-0 space-y-4">
          <UploadList entries={uploads.entries} onClear={uploads.clearFinished} />
          <div className={open ? 'grid gap-6 xl:grid-cols-[1fr_22rem]' : ''}>
            <DropZone onFiles={uploads.add}>
              <Library
                state={list.isPending ? 'loading' : list.isError ? 'error' : 'ready'}
                error={serverMessageOr(list.error, failedTo('fetch', 'media'))}
                onRetry={() => list.refetch()}
                items={items}
                openId={openId}
                onOpen={openItem}
              />
              {total > 0 && (
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
              )}
            </DropZone>
            {open && (
              <div className="fixed inset-0 z-40 overflow-y-auto bg-white p-4 sm:p-6 xl:static xl:z-auto xl:self-start xl:rounded-xl xl:border xl:border-gray-200 xl:p-4 xl:shadow-sm">
                <MediaDetails item={open} onClose={close} />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Library({
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
