import { useGetMedia, useListMedia, useListMediaTags } from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faUpload } from '@fortawesome/free-solid-svg-icons';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { SEARCH_DEBOUNCE_MS } from '@/kit/list/list-toolbar';
import { useCan } from '@/kit/permissions';
import { useScreenPath } from '@/kit/resource-screen';
import { addLinkClass, ScreenHeader } from '@/kit/screen-header';
import { MediaDetails } from './media-details';
import { MediaFilters } from './media-filters';
import { Library, MediaPager } from './media-grid';
import { ACCEPTED_TYPES, isKind, PAGE_SIZE } from './media-values';
import { DropZone, UploadList, useUploads } from './uploads';

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
  const mayUpload = useCan()('uploadMedia');
  const fileInput = useRef<HTMLInputElement>(null);
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    uploads.add(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  const openItem = (id: string) => navigate(`${base}/${id}${search}`);
  const close = () => navigate(`${base}${search}`);

  const total = list.data?.totalItems ?? 0;
  const totalPages = list.data?.totalPages ?? 0;

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
        {mayUpload && (
          <button type="button" onClick={() => fileInput.current?.click()} className={addLinkClass}>
            <Icon icon={faUpload} className="h-4 w-4" />
            Upload
          </button>
        )}
      </ScreenHeader>

      <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
        <MediaFilters
          headingId={headingId}
          draft={draft}
          onDraft={setDraft}
          kind={kind ?? ''}
          tag={tag}
          tags={tags.data}
          setParam={setParam}
        />

        <div className="min-w-0 space-y-4">
          <UploadList entries={uploads.entries} onClear={uploads.clearFinished} />
          <div className={open ? 'grid gap-6 xl:grid-cols-[1fr_22rem]' : ''}>
            <DropZone onFiles={mayUpload ? uploads.add : undefined}>
              <Library
                state={list.isPending ? 'loading' : list.isError ? 'error' : 'ready'}
                error={serverMessageOr(list.error, failedTo('fetch', 'media'))}
                onRetry={() => list.refetch()}
                items={items}
                openId={openId}
                onOpen={openItem}
              />
              <MediaPager page={page} total={total} totalPages={totalPages} setParam={setParam} />
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
