//! A translation's form on its language's tab of a record's editor (docs/languages.md, "Back
//! office"), drawn from the kind's spec: the translation's texts (and, for the kinds that have
//! them, its slug and publication), saved with its own version; beside it, when asked, the default
//! language's texts to translate from.
import {
  type Translation,
  type TranslationInput,
  useDeleteTranslation,
  useSaveTranslation,
} from '@atelier/api-client/api';
import { Banner } from '@atelier/ui/banner';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import {
  DateTimeField,
  FieldRow,
  SelectField,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { useSaveShortcut } from '@/kit/form/unsaved-guard';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { HistoryButton } from '@/kit/history/history-button';
import { LazyHistoryPanel } from '@/kit/history/lazy-history-panel';
import { invalidatePrefixes } from '@/kit/invalidate';
import { ConflictBanner } from '@/kit/versions/conflict-banner';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import {
  historyFieldsOf,
  TranslationTexts,
  translationHistory,
  translationsPrefix,
} from './translation-history';
import {
  asFormErrors,
  bodyOf,
  formName,
  type Language,
  PUBLICATION_OPTIONS,
  schemaOf,
  type TranslatedField,
  type TranslationSpec,
  type TranslationValues,
  valuesOf,
} from './translation-spec';

/**
 * One language's translation of the record: its texts (and, for a post, its own publication).
 * While its tab is `active`, Ctrl+S (Cmd+S) saves it; it tells `onUnsaved` whether it holds
 * unsaved edits.
 */
export function TranslationForm<TRow>({
  spec,
  row,
  language,
  translation,
  active = true,
  onUnsaved,
}: {
  spec: TranslationSpec<TRow>;
  row: TRow;
  language: Language;
  translation: Translation | undefined;
  active?: boolean;
  onUnsaved?: (unsaved: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const save = useSaveTranslation();
  const remove = useDeleteTranslation();
  const [sideBySide, setSideBySide] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const kind = spec as TranslationSpec<never>;
  const id = spec.id(row);
  const methods = useForm<TranslationValues>({
    resolver: zodResolver(schemaOf(kind) as never) as unknown as Resolver<TranslationValues>,
    defaultValues: valuesOf(kind, translation),
  });
  const opened = useRef({
    values: valuesOf(kind, translation),
    version: translation?.version ?? null,
  });
  // The record's translations and this language's history (a save keeps a version).
  const refresh = () => invalidatePrefixes(queryClient, [translationsPrefix(spec.kind, id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one binding per kind, record and language
  const history = useMemo(
    () => translationHistory(spec, id, language),
    [spec.kind, id, language.tag, language.name],
  );
  const toValues = (record: Translation) => valuesOf(kind, record);
  const versioned = useVersionedSave<Translation & { version?: number }, TranslationValues>({
    base: () => opened.current.values,
    mine: () => methods.getValues(),
    toValues,
    save: async (values, version) => {
      try {
        return await save.mutateAsync({
          kind: spec.kind,
          id,
          lang: language.tag,
          data: bodyOf(kind, values, version) as TranslationInput,
        });
      } catch (error) {
        throw asFormErrors(error);
      }
    },
    load: (values, record) => {
      opened.current = { values: valuesOf(kind, record), version: record.version ?? null };
      methods.reset(values, { keepDirty: true });
    },
    resubmit: () => submit(),
  });
  const { submit, busy, failure } = useGuardedSubmit(
    methods,
    async (values) => {
      const saved = await versioned.save(values, opened.current.version ?? 0);
      if (saved === ASKED) return;
      const stored = saved as Translation;
      opened.current = { values: valuesOf(kind, stored), version: stored.version ?? null };
      methods.reset(valuesOf(kind, stored));
      await refresh();
      banners.success(`${language.name} translation saved.`);
    },
    (error) => serverMessageOr(error, `Failed to save the ${language.name} translation`),
  );
  useSaveShortcut(() => void submit(), active);
  const { isDirty } = methods.formState;
  useEffect(() => onUnsaved?.(isDirty), [onUnsaved, isDirty]);
  const confirmDelete = async () => {
    setDeleteError('');
    try {
      await remove.mutateAsync({ kind: spec.kind, id, lang: language.tag });
      opened.current = { values: valuesOf(kind, undefined), version: null };
      methods.reset(valuesOf(kind, undefined));
      setConfirming(false);
      await refresh();
      banners.success(`${language.name} translation deleted.`);
    } catch (error) {
      setDeleteError(serverMessageOr(error, `Failed to delete the ${language.name} translation`));
    }
  };
  const exists = opened.current.version !== null;
  // The default text each translated field was written for, where the default reads otherwise now.
  const defaults = spec.source(row) as Record<string, string | undefined>;
  const writtenFor = (field: TranslatedField): WrittenFor | undefined => {
    const then = translation?.sources?.[field.name];
    const now = defaults[field.name] ?? '';
    return then !== undefined && then !== now ? { then, now } : undefined;
  };
  const [first, ...rest] = spec.fields.filter((field) => !field.group);
  const groups = [...new Set(spec.fields.flatMap((field) => (field.group ? [field.group] : [])))];
  const form = (
    <div className="space-y-4">
      <DraftAutosave scope={spec.autosaveScope} record={`${id}.${language.tag}`} />
      {first && <FieldInput field={first} writtenFor={writtenFor(first)} />}
      {spec.slug && <TextField name="slug" label="Slug" hint={spec.slug(row)} />}
      {rest.map((field) => (
        <FieldInput key={field.name} field={field} writtenFor={writtenFor(field)} />
      ))}
      {spec.publication && (
        <FieldRow>
          <SelectField name="publication" label="Status" options={PUBLICATION_OPTIONS} />
          <DateTimeField
            name="publishAt"
            label="Publish at"
            hint="Empty: live as soon as it is published."
          />
        </FieldRow>
      )}
      {groups.map((group) => (
        <fieldset key={group} className="space-y-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold text-gray-700">{group}</legend>
          {spec.fields
            .filter((field) => field.group === group)
            .map((field) => (
              <FieldInput key={field.name} field={field} writtenFor={writtenFor(field)} />
            ))}
        </fieldset>
      ))}
    </div>
  );
  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={submit}
        aria-label={`${language.name} translation`}
        className="space-y-4"
      >
        {failure.message && (
          <Banner tone="error" message={failure.message} onDismiss={failure.clear} />
        )}
        {versioned.conflict && (
          <ConflictBanner conflict={versioned.conflict} record={`${language.name} translation`} />
        )}
        <label className="inline-flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={sideBySide}
            onChange={(event) => setSideBySide(event.target.checked)}
          />
          Side by side with the default language
        </label>
        {sideBySide ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <SourceTexts spec={spec} row={row} />
            {form}
          </div>
        ) : (
          form
        )}
        {/* As the record's form: its tools on the left, the decisions on the right. */}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
          <HistoryButton
            onClick={() => setHistoryOpen(true)}
            className="rounded-lg px-4 py-2 text-sm font-semibold"
          />
          <div className="ml-auto flex flex-wrap justify-end gap-3">
            {exists && (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                Delete translation
              </button>
            )}
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              {busy ? 'Saving…' : `Save ${language.name}`}
            </button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${language.name} translation`}
        message={`The ${spec.noun} stays; its ${language.name} texts are deleted and the ${language.name} site shows it in the default language.`}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
      {historyOpen && (
        <LazyHistoryPanel
          binding={history}
          recordKey={id}
          label={`${language.name} translation`}
          onClose={() => setHistoryOpen(false)}
          current={() => methods.getValues()}
          toValues={toValues}
          dirty={isDirty}
          onRestored={(restored) => {
            // The tab now holds the restored texts and their version; the next save sends it.
            opened.current = {
              values: valuesOf(kind, restored),
              version: restored.version ?? null,
            };
            methods.reset(valuesOf(kind, restored));
            versioned.dismiss();
          }}
        />
      )}
    </FormProvider>
  );
}

/** The default text a translated field was written for, and the default's text there now. */
interface WrittenFor {
  then: string;
  now: string;
}

/**
 * What a field's hint says when the default text changed since it was translated: the text it was
 * written for (a markdown text is too long to quote, so it says only that it changed).
 */
const writtenForHint = (writtenFor: WrittenFor, markdown: boolean) =>
  markdown
    ? 'The default language’s text has changed since this was translated.'
    : writtenFor.then
      ? `Translated from “${writtenFor.then}”; the default language now reads “${writtenFor.now}”.`
      : `Translated where the default language had no text; it now reads “${writtenFor.now}”.`;

/** One translatable field, as its kind edits it. */
function FieldInput({ field, writtenFor }: { field: TranslatedField; writtenFor?: WrittenFor }) {
  if (field.input === 'markdown') {
    return (
      <div>
        <MarkdownField
          name={formName(field.name)}
          label={field.label}
          height={field.height ?? 300}
          placeholder={field.placeholder}
        />
        {writtenFor && (
          <p className="mt-1 text-xs text-gray-500">{writtenForHint(writtenFor, true)}</p>
        )}
      </div>
    );
  }
  const hint = writtenFor && writtenForHint(writtenFor, false);
  if (field.input === 'textarea') {
    return (
      <TextAreaField
        name={formName(field.name)}
        label={field.label}
        rows={field.rows ?? 3}
        hint={hint}
      />
    );
  }
  return <TextField name={formName(field.name)} label={field.label} hint={hint} />;
}

/** The default language's texts, read only, beside the translation. */
function SourceTexts<TRow>({ spec, row }: { spec: TranslationSpec<TRow>; row: TRow }) {
  const texts = spec.source(row) as TranslationValues;
  const fields = historyFieldsOf({ ...(spec as TranslationSpec<never>), publication: false });
  return <TranslationTexts fields={fields} values={texts} label="Default language" />;
}
