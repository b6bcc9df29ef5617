import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Icon } from '@atelier/ui/icon';
import { faPlus } from '@fortawesome/free-solid-svg-icons';
import { useEffect, useId, useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { failedTo, serverMessageOr } from './errors';
import { useBanners } from './feedback/banners';
import { LoadError } from './feedback/load-error';
import { ResourceForm } from './form/resource-form';
import { applyClientState, pageOf } from './list/apply-client-state';
import { ListBody, ListSkeleton } from './list/list-body';
import { ListFooter } from './list/list-footer';
import { listOptionsOf } from './list/list-options';
import { listRange } from './list/list-range';
import { useListState } from './list/list-state';
import { ListToolbar } from './list/list-toolbar';
import { useDeleteRow } from './list/use-delete-row';
import { RecordView } from './record-view';
import type { Identified, ResourceDefinition, RowAction } from './resource';
import { addLinkClass, ScreenHeader } from './screen-header';
import { parseTarget, useScreenPath } from './screen-path';
import { useRowPermissions } from './use-row-permissions';

export { listOptionsOf } from './list/list-options';
export { parseTarget, useScreenPath } from './screen-path';

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
  const { base, rest, search } = useScreenPath();
  const target = parseTarget(rest);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a screen's list is declared once
  const options = useMemo(() => listOptionsOf(list as never), []);
  const [state, update] = useListState(options);
  const result = list.useRows(state);
  const deletion = useDeleteRow(definition.api, messages);
  const { mayCreate, mayUpdate, allows } = useRowPermissions(definition.api);

  const client = list.mode === 'client';
  const matching = client ? applyClientState(result.rows, state, list) : result.rows;
  const total = client ? matching.length : result.total;
  const paged = list.pageSizes !== undefined;
  const { first, last, totalPages } = listRange(total, state.page, state.size, paged);
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
    if (action === 'delete') deletion.ask(row);
    else go(`${base}/${action}/${row._id}`);
  };

  const emptyText = typeof list.empty === 'function' ? list.empty(state) : list.empty;
  const loadError = result.error
    ? serverMessageOr(result.error, failedTo('fetch', messages.plural))
    : '';
  // A create form whose defaults depend on the rows (the next order) waits for them.
  const showForm =
    definition.form &&
    ((target.kind === 'new' && mayCreate && !(definition.form.newDefaults && result.isPending)) ||
      (target.kind === 'edit' && targetRow && mayUpdate(targetRow)));
  const form = (variant: 'inline' | 'modal') =>
    showForm &&
    definition.form?.variant === variant && (
      <ResourceForm
        key={targetRow?._id ?? 'new'}
        definition={definition}
        row={targetRow}
        rows={result.rows}
        onClose={toList}
      />
    );

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

      {form('inline')}

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

      <ListFooter
        list={list}
        state={state}
        update={update}
        counted={!result.isPending && !loadError && total > 0}
        first={first}
        last={last}
        total={total}
        capped={!client && Boolean(result.totalCapped)}
        paged={paged}
        totalPages={totalPages}
        title={definition.title}
      />

      {form('modal')}

      {target.kind === 'view' && targetRow && definition.view && (
        <RecordView
          title={list.rowLabel(targetRow)}
          onClose={toList}
          onEdit={
            definition.form && mayUpdate(targetRow)
              ? () => go(`${base}/edit/${targetRow._id}`)
              : undefined
          }
        >
          {definition.view(targetRow)}
        </RecordView>
      )}

      <ConfirmDialog
        open={deletion.pending !== null}
        title={deletion.pending ? `Delete ${list.rowLabel(deletion.pending)}` : 'Delete'}
        message={messages.deleteQuestion}
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </section>
  );
}
