import type { ApiError } from '@atelier/api-client/http';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Icon } from '@atelier/ui/icon';
import { Pagination } from '@atelier/ui/pagination';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { faArrowLeft, faPlus } from '@fortawesome/free-solid-svg-icons';
import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { failedTo, serverMessageOr } from '../errors';
import { ERROR_BANNER_MS, useBanners } from '../feedback/banners';
import { LoadError } from '../feedback/load-error';
import { useTimedMessage } from '../feedback/use-timed-message';
import { invalidatePrefixes } from '../invalidate';
import { ListSkeleton } from '../list/list-body';
import { type ListState, type ListStatePatch, useListState } from '../list/list-state';
import { ListToolbar } from '../list/list-toolbar';
import type { FilterOption, Identified, RowsResult } from '../resource';
import { useScreenPath } from '../resource-screen';
import { addLinkClass, ScreenHeader } from '../screen-header';

/** One page of an inbox and what its header says about the whole of it. */
export interface InboxRows<TRow> extends RowsResult<TRow> {
  /** The line under the title, e.g. '24 messages · 3 unread'. */
  count?: string;
}

/** The record open in the detail pane. */
export interface InboxRecord<TRow> {
  record: TRow | undefined;
  isPending: boolean;
  error: ApiError | null;
}

/** What the detail pane may do to its record. */
export interface DetailControls {
  /** Opens the delete confirmation. */
  requestDelete: () => void;
}

/**
 * A two-pane screen (back-office.md §2 Contact Messages, Project Requests): search, status chips and
 * the list on the left; the selected record, a create form or a prompt on the right. The search,
 * status and page live in the query string, the selection in the path (`contacts/{id}`,
 * `project-requests/new`), so reload and back/forward keep both. Below 1024 px the panes show one
 * at a time, the detail with a back control.
 */
export interface InboxDefinition<TRow extends Identified> {
  title: string;
  description?: string;
  /** The records' noun for the fallbacks, e.g. 'contacts' in 'Failed to fetch contacts'. */
  plural: string;
  search: { placeholder: string };
  status: { label: string; allLabel: string; options: readonly FilterOption[] };
  /** A second set of chips choosing the folder, e.g. the Spam folder (`filters.folder`). */
  folder?: { label: string; allLabel: string; options: readonly FilterOption[] };
  /** Rows per page of the list. */
  pageSize: number;
  /** One page for the state (`q`, `filters.status`, `filters.folder`, `page`, `size`), from the server. */
  useRows: (state: ListState) => InboxRows<TRow>;
  /** The open record by id; `id` is '' when nothing is open (the hook must then stay idle). */
  useRecord: (id: string) => InboxRecord<TRow>;
  /** The content of one list entry (a link: no interactive content inside). */
  row: (row: TRow) => ReactNode;
  /** Names the open record: the detail pane's heading for assistive technology. */
  rowLabel: (row: TRow) => string;
  /** The detail pane of an open record. */
  detail: (row: TRow, controls: DetailControls) => ReactNode;
  /** Above the list, below the header: e.g. the pipeline of statuses. */
  overview?: (state: ListState, update: (patch: ListStatePatch) => void) => ReactNode;
  /** Beside the title: e.g. an export button for the current filter. */
  headerActions?: (state: ListState) => ReactNode;
  /** The create form in the right pane at `{screen}/new`; `done(id)` opens the new record. */
  create?: { label: string; render: (done: (id?: string) => void) => ReactNode };
  remove: {
    useDelete: () => UseMutationResult<unknown, ApiError, { id: string }, unknown>;
    title: (row: TRow) => string;
    question: (row: TRow) => ReactNode;
    success: string;
  };
  /** Query-key prefixes refreshed after every write, e.g. ['/contacts']. */
  invalidates: readonly string[];
  empty: string;
  prompt: string;
  /** The back control's words on narrow screens: 'Back to messages'. */
  backLabel: string;
}

export const defineInbox = <TRow extends Identified>(definition: InboxDefinition<TRow>) =>
  definition;

const ITEM = 'data-inbox-item';

/** Up/Down (and Home/End) move the focus through the list's entries; Enter opens one. */
const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ITEM}]`)];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(items.length - 1, at + 1)
          : Math.max(0, at === -1 ? 0 : at - 1);
  items[next]?.focus();
};

export function InboxScreen<TRow extends Identified>({
  definition,
}: {
  definition: InboxDefinition<TRow>;
}) {
  const headingId = useId();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const banners = useBanners();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(LARGE_SCREEN_QUERY);
  const { base, rest, search } = useScreenPath();
  const selection = rest.split('/')[0] ?? '';
  const creating = selection === 'new' && definition.create !== undefined;
  const openId = creating ? '' : selection;
  const options = useMemo(
    () => ({
      filterKeys: definition.folder ? ['status', 'folder'] : ['status'],
      pageSizes: [definition.pageSize],
      defaultSize: definition.pageSize,
      defaultSort: '',
    }),
    [definition.pageSize, definition.folder],
  );
  const [state, update] = useListState(options);
  const result = definition.useRows(state);
  const open = definition.useRecord(openId);
  const remove = definition.remove.useDelete();
  const [pendingDelete, setPendingDelete] = useState<TRow | null>(null);
  const deleteFailure = useTimedMessage(ERROR_BANNER_MS);
  const totalPages = Math.max(1, Math.ceil(result.total / state.size));

  // A page past the end (after deletes, or a stale address) falls back to the last one.
  useEffect(() => {
    if (!result.isPending && !result.error && state.page > totalPages) update({ page: totalPages });
  }, [result.isPending, result.error, state.page, totalPages, update]);

  // On a narrow screen the list disappears when a record opens: the focus follows to its heading.
  useEffect(() => {
    if (!wide && selection) detailHeading.current?.focus();
  }, [wide, selection]);

  const to = (path: string) => ({ pathname: path, search });
  const shown = open.record ?? result.rows.find((row) => row._id === openId);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    deleteFailure.clear();
    try {
      await remove.mutateAsync({ id: pendingDelete._id });
      setPendingDelete(null);
      banners.success(definition.remove.success);
      navigate(to(base || '/'), { replace: true });
      await invalidatePrefixes(queryClient, definition.invalidates);
    } catch (error) {
      deleteFailure.show(serverMessageOr(error, failedTo('delete', definition.plural)));
    }
  };

  const loadError = result.error
    ? serverMessageOr(result.error, failedTo('fetch', definition.plural))
    : '';

  let detail: ReactNode;
  if (creating && definition.create) {
    detail = definition.create.render((id) => navigate(to(id ? `${base}/${id}` : base || '/')));
  } else if (!openId) {
    detail = (
      <p className="flex h-full min-h-48 items-center justify-center p-10 text-center text-gray-500">
        {definition.prompt}
      </p>
    );
  } else if (shown) {
    detail = definition.detail(shown, { requestDelete: () => setPendingDelete(shown) });
  } else if (open.isPending) {
    detail = <ListSkeleton table={false} label={`Loading ${definition.plural}…`} />;
  } else {
    detail = (
      <p role="alert" className="p-10 text-center text-red-700">
        {serverMessageOr(open.error, failedTo('fetch', definition.plural))}
      </p>
    );
  }

  const narrowDetail = !wide && selection !== '';
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl space-y-5">
      <ScreenHeader
        headingId={headingId}
        title={definition.title}
        description={definition.description}
      >
        {definition.headerActions?.(state)}
        {definition.create && (
          <Link to={to(`${base}/new`)} className={addLinkClass}>
            <Icon icon={faPlus} className="h-3.5 w-3.5" />
            {definition.create.label}
          </Link>
        )}
      </ScreenHeader>

      {definition.overview?.(state, update)}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4" hidden={narrowDetail}>
          <ListToolbar
            list={{
              mode: 'server',
              useRows: () => result,
              search: definition.search,
              filters: [
                ...(definition.folder
                  ? [{ key: 'folder', kind: 'chips' as const, ...definition.folder }]
                  : []),
                { key: 'status', kind: 'chips', ...definition.status },
              ],
              empty: definition.empty,
              actions: [],
              rowLabel: definition.rowLabel,
            }}
            state={state}
            update={update}
          />
          {result.count && (
            <p className="text-sm font-medium text-gray-700" aria-live="polite">
              {result.count}
            </p>
          )}
          {result.isPending ? (
            <ListSkeleton table={false} label={`Loading ${definition.plural}…`} />
          ) : loadError ? (
            <LoadError message={loadError} onRetry={result.refetch} />
          ) : result.rows.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
              {definition.empty}
            </p>
          ) : (
            <ul
              aria-label={definition.title}
              onKeyDown={moveFocus}
              className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white"
            >
              {result.rows.map((row) => {
                const current = row._id === openId;
                return (
                  <li key={row._id}>
                    <Link
                      {...{ [ITEM]: '' }}
                      to={to(`${base}/${row._id}`)}
                      aria-current={current ? 'true' : undefined}
                      className={`block px-4 py-3 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
                        current ? 'bg-blue-50' : 'hover:bg-gray-50'
                      }`}
                    >
                      {definition.row(row)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            page={state.page}
            totalPages={totalPages}
            onPageChange={(page) => update({ page })}
            label={`${definition.title} pages`}
          />
        </div>

        <div className="min-w-0" hidden={!wide && !selection}>
          <div className="rounded-xl border border-gray-200 bg-white lg:sticky lg:top-20">
            {!wide && selection && (
              <div className="border-b border-gray-100 px-4 py-2">
                <Link
                  to={to(base || '/')}
                  className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50"
                >
                  <Icon icon={faArrowLeft} className="h-3.5 w-3.5" />
                  {definition.backLabel}
                </Link>
              </div>
            )}
            {selection && (
              <h2 ref={detailHeading} tabIndex={-1} className="sr-only">
                {creating ? definition.create?.label : shown ? definition.rowLabel(shown) : ''}
              </h2>
            )}
            {detail}
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? definition.remove.title(pendingDelete) : 'Delete'}
        message={pendingDelete ? definition.remove.question(pendingDelete) : ''}
        busy={remove.isPending}
        error={deleteFailure.message}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          deleteFailure.clear();
          setPendingDelete(null);
        }}
      />
    </section>
  );
}
