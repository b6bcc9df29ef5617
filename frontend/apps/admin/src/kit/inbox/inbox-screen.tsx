import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Icon } from '@atelier/ui/icon';
import { Pagination } from '@atelier/ui/pagination';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { faArrowLeft, faPlus } from '@fortawesome/free-solid-svg-icons';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { failedTo, serverMessageOr } from '../errors';
import { ERROR_BANNER_MS, useBanners } from '../feedback/banners';
import { useTimedMessage } from '../feedback/use-timed-message';
import { invalidatePrefixes } from '../invalidate';
import { ListSkeleton } from '../list/list-body';
import { useListState } from '../list/list-state';
import { ListToolbar } from '../list/list-toolbar';
import type { Identified } from '../resource';
import { useScreenPath } from '../resource-screen';
import { addLinkClass, ScreenHeader } from '../screen-header';
import type { InboxDefinition } from './inbox-definition';
import { InboxList } from './inbox-list';

/**
 * A two-pane screen (back-office.md §2 Contact Messages, Project Requests), declared with
 * `defineInbox` (`inbox-definition.ts`): search, status chips and the list on the left; the
 * selected record, a create form or a prompt on the right.
 */
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
          <InboxList
            definition={definition}
            result={result}
            openId={openId}
            linkTo={(id) => to(`${base}/${id}`)}
          />
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
