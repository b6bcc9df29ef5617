import { Banner } from '@atelier/ui/banner';
import { Icon } from '@atelier/ui/icon';
import { Modal } from '@atelier/ui/modal';
import { faEye } from '@fortawesome/free-solid-svg-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldValues, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { failedTo, serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { HistoryButton } from '../history/history-button';
import { LazyHistoryPanel } from '../history/lazy-history-panel';
import { invalidatePrefixes } from '../invalidate';
import { RecordPresence } from '../presence/presence-banner';
import { SitePreview } from '../preview/site-preview';
import type { Identified, ResourceDefinition } from '../resource';
import { ConflictBanner } from '../versions/conflict-banner';
import { FieldLabelsProvider, useFieldLabels } from '../versions/field-labels';
import { ASKED, useVersionedSave } from '../versions/use-versioned-save';
import { type MetaOfRecord, RecordMetaLine } from './record-meta';
import { useSaveShortcut, useUnsavedGuard } from './unsaved-guard';
import { useGuardedSubmit } from './use-guarded-submit';

/** What a form needs of a screen's declaration: a two-pane screen declares only these. */
export type FormHost<TRow extends Identified, TValues extends FieldValues, TInput> = Pick<
  ResourceDefinition<TRow, TValues, TInput>,
  'title' | 'form' | 'api' | 'messages'
>;

export interface ResourceFormProps<TRow extends Identified, TValues extends FieldValues, TInput> {
  definition: FormHost<TRow, TValues, TInput>;
  /** The record to edit; absent to create one. */
  row?: TRow | undefined;
  rows: readonly TRow[];
  /** Leaves the form (after a save, or on Cancel: the guard asks first when it is dirty). */
  onClose: () => void;
  /** After a save, instead of `onClose`: receives what the server answered (the new record). */
  onSaved?: (saved: unknown) => void;
}

const buttonBase =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Creates or edits one record: zod checks in the browser, a 422's field messages on the fields,
 * the save button disabled while saving (a second submit is ignored), the input kept when a save
 * fails, the unsaved-changes guard and Ctrl/Cmd+S.
 */
export function ResourceForm<TRow extends Identified, TValues extends FieldValues, TInput>({
  definition,
  row,
  rows,
  onClose,
  onSaved,
}: ResourceFormProps<TRow, TValues, TInput>) {
  const form = definition.form;
  if (!form) throw new Error(`${definition.title} declares no form`);
  const mode = row ? 'edit' : 'create';
  const banners = useBanners();
  const queryClient = useQueryClient();
  const create = definition.api.useCreate?.();
  const update = definition.api.useUpdate?.();

  const methods = useForm<TValues>({
    resolver: zodResolver(form.schema as never) as unknown as Resolver<TValues>,
    defaultValues: (row
      ? form.fromRecord(row)
      : { ...form.defaults, ...form.newDefaults?.(rows) }) as never,
  });
  const { isDirty } = methods.formState;
  const fieldLabels = useFieldLabels();
  // What the form's `around` shows besides it: unsaved edits there guard leaving too, and while
  // the form is hidden behind it, Ctrl+S is the shown part's.
  const [aroundUnsaved, setAroundUnsaved] = useState(false);
  const [formShown, setFormShown] = useState(true);
  const aroundForm = useRef({ setUnsaved: setAroundUnsaved, setShown: setFormShown }).current;
  const guard = useUnsavedGuard(isDirty || aroundUnsaved);

  // What the form was opened with, and the version it was: a stale save merges against them.
  const opened = useRef<{ values: TValues; version: number } | null>(
    row ? { values: form.fromRecord(row), version: row.version ?? 1 } : null,
  );
  const versioned = useVersionedSave<TRow, TValues>({
    base: () => opened.current?.values ?? methods.getValues(),
    mine: () => methods.getValues(),
    toValues: form.fromRecord,
    save: (values, version) =>
      update?.mutateAsync({
        id: row?._id ?? '',
        data: { ...form.toInput(values, row), version },
      }) ?? Promise.resolve(undefined),
    load: (values, record) => {
      opened.current = { values: form.fromRecord(record), version: record.version ?? 1 };
      methods.reset(values, { keepDirty: true });
    },
    resubmit: () => resubmit.current(),
  });
  const resubmit = useRef<() => Promise<unknown>>(async () => undefined);

  // The workflow step a button asked to take once the form is saved (`FormActionProps.saveThen`).
  const step = useRef<((saved: TRow) => Promise<string>) | null>(null);
  const { submit, busy, failure } = useGuardedSubmit(
    methods,
    async (values) => {
      const next = step.current;
      step.current = null;
      const saved = row
        ? await versioned.save(values, opened.current?.version ?? row.version ?? 1)
        : await create?.mutateAsync({ data: form.toInput(values) });
      // Both sides changed a field: the banner asks, the form stays as typed.
      if (saved === ASKED) return;
      const message = next ? await next(saved as TRow) : undefined;
      await invalidatePrefixes(queryClient, definition.api.invalidates);
      banners.success(message ?? (row ? definition.messages.updated : definition.messages.created));
      if (!aroundUnsaved) guard.release();
      if (onSaved && !next) onSaved(saved);
      else onClose();
    },
    (error) =>
      definition.messages.saveError?.(error) ??
      serverMessageOr(error, failedTo(row ? 'update' : 'create', definition.messages.plural)),
  );
  resubmit.current = () => submit();
  const saveThen = async (next: (saved: TRow) => Promise<string>) => {
    step.current = next;
    await submit();
    step.current = null;
  };
  const Notice = form.notice;
  const Around = form.around;
  const Actions = form.actions;
  useSaveShortcut(() => void submit(), formShown);

  const [historyOpen, setHistoryOpen] = useState(false);
  const [previewOf, setPreviewOf] = useState<TValues | null>(null);
  const Preview = form.preview;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const labels = form.submitLabels ?? { create: 'Create', edit: 'Update' };
  const title = row ? form.titles.edit : form.titles.create;
  const formBody = (
    <form noValidate onSubmit={submit} className="space-y-4">
      {row && form.presence && <RecordPresence kind={form.presence} id={row._id} />}
      {failure.message && (
        <Banner tone="error" message={failure.message} onDismiss={failure.clear} />
      )}
      {versioned.conflict && (
        <ConflictBanner
          conflict={versioned.conflict}
          record={definition.messages.singular ?? 'record'}
          labels={fieldLabels}
        />
      )}
      {row && <RecordMetaLine record={row as MetaOfRecord} />}
      {row && Notice && <Notice row={row} />}
      <FieldLabelsProvider labels={fieldLabels}>{form.fields(mode)}</FieldLabelsProvider>
      {/* Two groups that wrap whole: the record's tools on the left, the decisions on the right. */}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <div className="flex flex-wrap gap-3">
          {row && form.history && (
            <HistoryButton onClick={() => setHistoryOpen(true)} className={buttonBase} />
          )}
          {Preview && (
            <button
              type="button"
              onClick={() => setPreviewOf(methods.getValues())}
              className={`${buttonBase} inline-flex items-center gap-2 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
            >
              <Icon icon={faEye} className="h-3.5 w-3.5" />
              Preview page
            </button>
          )}
        </div>
        <div className="ml-auto flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className={`${buttonBase} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
          >
            Cancel
          </button>
          {Actions && <Actions row={row} busy={busy} saveThen={saveThen} />}
          <button
            type="submit"
            disabled={busy}
            aria-keyshortcuts="Control+S Meta+S"
            className={`${buttonBase} bg-blue-600 text-white hover:bg-blue-700`}
          >
            {busy ? 'Saving…' : row ? labels.edit : labels.create}
          </button>
        </div>
      </div>
    </form>
  );
  const body = (
    <FormProvider {...methods}>
      {row && Around ? (
        <Around row={row} form={aroundForm}>
          {formBody}
        </Around>
      ) : (
        formBody
      )}
      {guard.dialog}
      {Preview && previewOf && (
        <SitePreview
          title={typeof previewOf.title === 'string' && previewOf.title ? previewOf.title : title}
          onClose={() => setPreviewOf(null)}
        >
          <Preview values={previewOf} row={row} />
        </SitePreview>
      )}
      {historyOpen && row && form.history && (
        <LazyHistoryPanel
          binding={form.history}
          recordKey={row._id}
          label={form.history.label(row)}
          onClose={() => setHistoryOpen(false)}
          current={() => methods.getValues()}
          toValues={form.fromRecord}
          dirty={isDirty}
          onRestored={(restored) => methods.reset(form.fromRecord(restored))}
        />
      )}
    </FormProvider>
  );

  if (form.variant === 'modal') {
    return (
      <Modal open onOpenChange={(open) => !open && onClose()} title={title} size="lg">
        {body}
      </Modal>
    );
  }
  return (
    <section
      ref={panel}
      aria-label={title}
      className="rounded-xl border border-blue-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {body}
    </section>
  );
}
