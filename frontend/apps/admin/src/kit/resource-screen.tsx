import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { Modal } from '@atelier/ui/modal';
import { Pagination } from '@atelier/ui/pagination';
import { faPlus } from '@fortawesome/free-solid-svg-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { failedTo, serverMessageOr } from './errors';
import { ERROR_BANNER_MS, useBanners } from './feedback/banners';
import { LoadError } from './feedback/load-error';
import { useTimedMessage } from './feedback/use-timed-message';
import { ResourceForm } from './form/resource-form';
import { invalidatePrefixes } from './invalidate';
import { applyClientState, pageOf } from './list/apply-client-state';
import { ListBody, ListSkeleton } from './list/list-body';
import { type ListStateOptions, useListState } from './list/list-state';
import { ListToolbar } from './list/list-toolbar';
import { useCan } from './permissions';
import type { Identified, ResourceDefinition, RowAction } from './resource';
import { addLinkClass, ScreenHeader } from './screen-header';

type Target = { kind: 'list' } | { kind: 'new' } | { kind: 'edit' | 'view'; id: string };

/** What the part of the address after the screen's own path asks for. */
export const parseTarget = (rest: string): Target => {
  const [first, id] = rest.split('/');
  if (first === 'new') return { kind: 'new' };
  if ((first === 'edit' || first === 'view') && id) return { kind: first, id };
  return { kind: 'list' };
};

/** The screen's own path (relative to /admin) and what follows it. */
export const useScreenPath = () => {
  const { pathname, search } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
  return { base, rest, search };
};

export const listOptionsOf = (list: ResourceDefinition<Identified, FieldValues, unknown>['list']) =>
  ({
    filterKeys: [...(list.filters ?? []).map((filter) => filter.key), ...(list.addressKeys ?? [])],
    pageSizes: list.pageSizes ?? [],
    defaultSize: list.defaultPageSize ?? list.pageSizes?.[0] ?? Number.MAX_SAFE_INTEGER,
    defaultSort: list.sorts?.[0]?.value ?? '',
  }) satisfies ListStateOptions;

/**
 * A whole catalogue screen from its declaration: title and add button, search / filters / sort,
 * the rows with their actions, paging, the create / edit / view forms as addresses
 * (`new`, `edit/:id`, `view/:id`, keeping the list's query string) and delete through the confirm
 * dialog. Mount it on a `path/*` route.
 */
export function ResourceScreen<TRow extends Identified, TValues extends FieldValues, TInput>({
  definition,
}: {
  definition: ResourceDefinition<TRow, TValues, TInput>;
}) {
  const { list, messages } = definition;
  const headingId = useId();
  const navigate = useNavigate();
  const banners = useBanners();
  const queryClient = useQueryClient();
  const { base, rest, search } = useScreenPath();
  const target = parseTarget(rest);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a screen's list is declared once
  const options = useMemo(() => listOptionsOf(list as never), []);
  const [state, update] = useListState(options);
  const result = list.useRows(state);
  const remove = definition.api.useDelete?.();
  const can = useCan();
  const operations = definition.api.operations ?? {};
  const allowed = (operationId: string | undefined, row?: TRow) =>
    operationId === undefined || can(operationId, row);
  const mayCreate = allowed(operations.create);
  // Per row: a role allowed its own records only (`ownPermissions`) edits the rows it created.
  const ownRule = definition.api.useMayUpdate?.();
  const mayUpdate = (row: TRow) =>
    allowed(operations.update, row) && (ownRule === undefined || ownRule(row));
  const mayDelete = (row: TRow) => allowed(operations.delete, row);
  // The role's own controls only: no button whose call the server would refuse.
  const allows = (action: RowAction, row: TRow) =>
    (action !== 'edit' || mayUpdate(row)) && (action !== 'delete' || mayDelete(row));
  const [pendingDelete, setPendingDelete] = useState<TRow | null>(null);
  const deleteFailure = useTimedMessage(ERROR_BANNER_MS);

  const client = list.mode === 'client';
  const matching = client ? applyClientState(result.rows, state, list) : result.rows;
  const total = client ? matching.length : result.total;
  const paged = list.pageSizes !== undefined;
  const totalPages = paged ? Math.max(1, Math.ceil(total / state.size)) : 1;
  const visible = client && paged ? pageOf(matching, state.page, state.size) : matching;

  // A page past the end (after deletes, or a stale address) falls back to the last one.
  useEffect(() => {
    if (!result.isPending && paged && state.page > totalPages) update({ page: totalPages });
  }, [result.isPending, paged, state.page, totalPages, update]);

  const go = (path: string) => navigate({ pathname: path, search });
  const toList = () => go(base || '/');
  const targetId = target.kind === 'edit' || target.kind === 'view' ? target.id : '';
  const onPage = targetId ? result.rows.find((row) => row._id === targetId) : undefined;
  // Declared once per screen, so the hook is called on every render or on none; the record is
  // asked of the server only once the page is known not to hold it.
  const fetched = list.useRecord?.(targetId && !onPage && !result.isPending ? targetId : '');
  const targetRow = targetId ? (onPage ?? fetched?.record) : undefined;
  const missing = targetId !== '' && !result.isPending && !fetched?.isPending && !targetRow;

  useEffect(() => {
    if (missing && !result.error) {
      banners.error(`Failed to fetch ${messages.plural}: not found`);
      navigate({ pathname: base || '/', search }, { replace: true });
    }
  }, [missing, result.error, banners, messages.plural, navigate, base, search]);

  const onAction = (action: RowAction, row: TRow) => {
    if (action === 'delete') setPendingDelete(row);
    else go(`${base}/${action}/${row._id}`);
  };

  const confirmDelete = async () => {
    if (!pendingDelete || !remove) return;
    deleteFailure.clear();
    try {
      await remove.mutateAsync({ id: pendingDelete._id });
      await invalidatePrefixes(queryClient, definition.api.invalidates);
      banners.success(messages.deleted);
      setPendingDelete(null);
    } catch (error) {
      // The dialog stays open with the reason, announced inside it.
      deleteFailure.show(serverMessageOr(error, failedTo('delete', messages.plural)));
    }
  };

  const emptyText = typeof list.empty === 'function' ? list.empty(state) : list.empty;
  const loadError = result.error
    ? serverMessageOr(result.error, failedTo('fetch', messages.plural))
    : '';
  const first = total === 0 ? 0 : (state.page - 1) * (paged ? state.size : total) + 1;
  const last = paged ? Math.min(total, state.page * state.size) : total;
  // A create form whose defaults depend on the rows (the next order) waits for them.
  const showForm =
    definition.form &&
    ((target.kind === 'new' && mayCreate && !(definition.form.newDefaults && result.isPending)) ||
      (target.kind === 'edit' && targetRow && mayUpdate(targetRow)));

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl space-y-5">
      <ScreenHeader
        headingId={headingId}
        title={definition.title}
        description={definition.description}
      >
        {definition.headerActions?.(state)}
        {definition.form && definition.addLabel && mayCreate && (
          <Link to={{ pathname: `${base}/new`, search }} className={addLinkClass}>
            <Icon icon={faPlus} className="h-3.5 w-3.5" />
            {definition.addLabel}
          </Link>
        )}
      </ScreenHeader>

      {showForm && definition.form?.variant === 'inline' && (
        <ResourceForm
          key={targetRow?._id ?? 'new'}
          definition={definition}
          row={targetRow}
          rows={result.rows}
          onClose={toList}
        />
      )}

      <ListToolbar list={list} state={state} update={update} />

      {result.isPending ? (
        <ListSkeleton table={Boolean(list.columns)} label={`Loading ${messages.plural}…`} />
      ) : loadError ? (
        <LoadError
          message={messages.loadError ? messages.loadError(loadError) : loadError}
          onRetry={result.refetch}
        />
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-600">
          {emptyText}
        </p>
      ) : (
        <ListBody
          list={list}
          rows={visible}
          allRows={result.rows}
          onAction={onAction}
          allows={allows}
        />
      )}

      {!result.isPending && !loadError && total > 0 && (
        <footer className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-gray-600" aria-live="polite">
            Showing {first}–{last} of {total}
            {!client && result.totalCapped ? '+' : ''}
          </p>
          {paged && list.pageSizes && list.pageSizes.length > 1 && (
            <label className="flex items-center gap-2 whitespace-nowrap text-sm text-gray-600">
              Per page
              <select
                value={state.size}
                onChange={(event) => update({ size: Number(event.target.value) })}
                className={`${inputClass} w-auto`}
              >
                {list.pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {list.pageSizeLabel?.(size) ?? size}
                  </option>
                ))}
              </select>
            </label>
          )}
        </footer>
      )}
      {paged && (
        <Pagination
          page={state.page}
          totalPages={totalPages}
          onPageChange={(page) => update({ page })}
          label={`${definition.title} pages`}
        />
      )}

      {showForm && definition.form?.variant === 'modal' && (
        <ResourceForm
          key={targetRow?._id ?? 'new'}
          definition={definition}
          row={targetRow}
          rows={result.rows}
          onClose={toList}
        />
      )}

      {target.kind === 'view' && targetRow && definition.view && (
        <Modal
          open
          onOpenChange={(open) => !open && toList()}
          title={list.rowLabel(targetRow)}
          size="lg"
        >
          {definition.view(targetRow)}
          <div className="mt-6 flex justify-end gap-3 border-t border-gray-100 pt-4">
            <button
              type="button"
              onClick={toList}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Close
            </button>
            {definition.form && mayUpdate(targetRow) && (
              <button
                type="button"
                onClick={() => go(`${base}/edit/${targetRow._id}`)}
                className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
              >
                Edit
              </button>
            )}
          </div>
        </Modal>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? `Delete ${list.rowLabel(pendingDelete)}` : 'Delete'}
        message={messages.deleteQuestion}
        busy={remove?.isPending ?? false}
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
