import type { PresenceKind } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { Banner } from '@atelier/ui/banner';
import { Skeleton } from '@atelier/ui/skeleton';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { useBanners } from '../feedback/banners';
import { LoadError } from '../feedback/load-error';
import { type MetaOfRecord, RecordMetaLine } from '../form/record-meta';
import { useSaveShortcut, useUnsavedGuard } from '../form/unsaved-guard';
import { useGuardedSubmit } from '../form/use-guarded-submit';
import { HistoryButton } from '../history/history-button';
import type { HistoryBinding } from '../history/history-panel';
import { LazyHistoryPanel } from '../history/lazy-history-panel';
import { invalidatePrefixes } from '../invalidate';
import { RecordPresence } from '../presence/presence-banner';
import { ConflictBanner } from '../versions/conflict-banner';
import { FieldLabelsProvider, useFieldLabels } from '../versions/field-labels';
import { ASKED, useVersionedSave } from '../versions/use-versioned-save';

export interface SingletonRecordProps<TRecord, TValues extends FieldValues> {
  /** The record's read; a 404 means there is none yet, and the first save creates it. */
  query: {
    data: TRecord | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  schema: ZodType<TValues>;
  /** The form's values from the record (`undefined`: none yet). */
  toValues: (record: TRecord | undefined) => TValues;
  /** Stores the values as an update from `version` (1 for a record not saved yet); the form leaves
   * edit mode when it resolves. A stale save is merged or asked about (`kit/versions`). */
  save: (values: TValues, version: number) => Promise<unknown>;
  /** What the record is called in a conflict's sentence: 'page'. */
  recordName?: string;
  /** Query-key prefixes (API paths) refreshed after a save. */
  invalidates: readonly string[];
  texts: {
    /** While the record loads: 'Loading content...'. */
    loading: string;
    /** The button that opens edit mode: 'Edit Content'. */
    edit: string;
    /** The banner after a save. */
    saved: string;
    /** The reason a read failed, shown with Try again. */
    loadError: (error: unknown) => string;
    /** The reason a save failed, shown in the form for 5 s. */
    saveError: (error: unknown) => string;
    /** The line beside the buttons: when it was last saved. */
    status: (record: TRecord | undefined) => string;
  };
  /** Edit mode's fields (react-hook-form fields of the kit). */
  fields: ReactNode;
  /** View mode: the record as visitors read it. */
  view: (record: TRecord | undefined) => ReactNode;
  /** Whether Ctrl/Cmd+S saves it while editing (default); false while another tab is shown. */
  shortcut?: boolean;
  /** The record for presence: while editing, a banner says who else has it open. */
  presence?: { kind: PresenceKind; id: string };
  /** The record's revisions: a 'History' button while a record exists. */
  history?: {
    binding: HistoryBinding<TRecord, TValues>;
    recordKey: string;
    label: string;
    /** A restored version: put it where the read's answer is kept. */
    onRestored: (restored: TRecord) => void;
  };
}

const buttonClass =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * A one-record screen with a view mode: the record as visitors read it, 'Edit' to change it (the
 * form guarded against leaving with unsaved changes, Ctrl/Cmd+S saving), 'Save Changes' to keep it
 * (a failed save stays in edit mode with the input), 'Cancel', and 'History' opening the kit's
 * history panel (a restored version fills the form while editing).
 */
export function SingletonRecord<TRecord extends { version?: number }, TValues extends FieldValues>({
  query,
  schema,
  toValues,
  save,
  recordName = 'record',
  invalidates,
  texts,
  fields,
  view,
  history,
  presence,
  shortcut = true,
}: SingletonRecordProps<TRecord, TValues>) {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const record = query.data;

  const methods = useForm<TValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TValues>,
    defaultValues: toValues(undefined) as DefaultValues<TValues>,
  });
  const guard = useUnsavedGuard(editing && methods.formState.isDirty);
  const labels = useFieldLabels();

  // What the form was opened with, and the version it was: a stale save merges against them.
  const opened = useRef<{ values: TValues; version: number }>({
    values: toValues(record),
    version: 1,
  });
  const versioned = useVersionedSave<TRecord, TValues>({
    base: () => opened.current.values,
    mine: () => methods.getValues(),
    toValues: (current) => toValues(current),
    save,
    load: (values, current) => {
      opened.current = { values: toValues(current), version: current.version ?? 1 };
      methods.reset(values, { keepDirty: true });
    },
    resubmit: () => resubmit.current(),
  });
  const resubmit = useRef<() => Promise<unknown>>(async () => undefined);
  const startEditing = () => {
    opened.current = { values: toValues(record), version: record?.version ?? 1 };
    methods.reset(opened.current.values);
    failure.clear();
    setEditing(true);
  };
  const { submit, busy, failure } = useGuardedSubmit(
    methods,
    async (values) => {
      const saved = await versioned.save(values, opened.current.version);
      // Both sides changed a field: the banner asks, the form stays as typed.
      if (saved === ASKED) return;
      guard.release();
      methods.reset(values);
      setEditing(false);
      await invalidatePrefixes(queryClient, invalidates);
      banners.success(texts.saved);
    },
    texts.saveError,
  );
  resubmit.current = () => submit();
  useSaveShortcut(() => void submit(), editing && shortcut);

  if (query.isPending) {
    return (
      <div role="status" aria-label={texts.loading} className="space-y-3">
        <p className="text-sm text-gray-600">{texts.loading}</p>
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.error && !missing) {
    return <LoadError message={texts.loadError(query.error)} onRetry={query.refetch} />;
  }

  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} className="space-y-5">
        {versioned.conflict && (
          <ConflictBanner conflict={versioned.conflict} record={recordName} labels={labels} />
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-gray-600">{texts.status(record)}</p>
            {record && <RecordMetaLine record={record as MetaOfRecord} />}
          </div>
          <div className="flex flex-wrap gap-2">
            {history && record && (
              <HistoryButton onClick={() => setHistoryOpen(true)} className={buttonClass} />
            )}
            {editing && (
              <button
                type="button"
                onClick={() => setEditing(false)}
                className={`${buttonClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
              >
                Cancel
              </button>
            )}
            {/* Keys keep the two buttons apart: reusing one element would turn the click that
                opens edit mode into a submit. */}
            {editing ? (
              <button
                key="save"
                type="submit"
                disabled={busy}
                aria-keyshortcuts="Control+S Meta+S"
                className={`${buttonClass} bg-blue-600 text-white hover:bg-blue-700`}
              >
                {busy ? 'Saving...' : 'Save Changes'}
              </button>
            ) : (
              <button
                key="edit"
                type="button"
                onClick={startEditing}
                className={`${buttonClass} bg-blue-600 text-white hover:bg-blue-700`}
              >
                {texts.edit}
              </button>
            )}
          </div>
        </div>
        {editing && presence && <RecordPresence kind={presence.kind} id={presence.id} />}
        {failure.message && (
          <Banner tone="error" message={failure.message} onDismiss={failure.clear} />
        )}
        {editing ? (
          <div className="space-y-4">
            <FieldLabelsProvider labels={labels}>{fields}</FieldLabelsProvider>
          </div>
        ) : (
          view(record)
        )}
      </form>
      {guard.dialog}
      {history && historyOpen && record && (
        <LazyHistoryPanel
          binding={history.binding}
          recordKey={history.recordKey}
          label={history.label}
          onClose={() => setHistoryOpen(false)}
          current={() => (editing ? methods.getValues() : toValues(record))}
          toValues={(restored) => toValues(restored)}
          dirty={editing && methods.formState.isDirty}
          onRestored={(restored) => {
            history.onRestored(restored);
            if (editing) methods.reset(toValues(restored));
          }}
        />
      )}
    </FormProvider>
  );
}
