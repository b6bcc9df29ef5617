//! A translation's form on its language's tab of the post editor (docs/languages.md, "Back
//! office"): the translation's texts and publication, saved with its own version; beside it, when
//! asked, the default language's texts to translate from.
import {
  type BlogPost,
  getListRecordTranslationsQueryKey,
  type Translation,
  TranslationKind,
  useDeleteTranslation,
  useSaveTranslation,
} from '@atelier/api-client/api';
import { Banner } from '@atelier/ui/banner';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
import { ConflictBanner } from '@/kit/versions/conflict-banner';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import {
  asFormErrors,
  type Language,
  PUBLICATION_OPTIONS,
  schema,
  type TranslationValues,
  valuesOf,
} from './translation-values';

/**
 * One language's translation of the post: its texts and its own publication. While its tab is
 * `active`, Ctrl+S (Cmd+S) saves it; it tells `onUnsaved` whether it holds unsaved edits.
 */
export function TranslationForm({
  post,
  language,
  translation,
  active = true,
  onUnsaved,
}: {
  post: BlogPost;
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
  const methods = useForm<TranslationValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TranslationValues>,
    defaultValues: valuesOf(translation),
  });
  const opened = useRef({ values: valuesOf(translation), version: translation?.version ?? null });
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: getListRecordTranslationsQueryKey(TranslationKind.post, post._id),
    });
  const versioned = useVersionedSave<Translation & { version?: number }, TranslationValues>({
    base: () => opened.current.values,
    mine: () => methods.getValues(),
    toValues: valuesOf,
    save: async (values, version) => {
      try {
        return await save.mutateAsync({
          kind: TranslationKind.post,
          id: post._id,
          lang: language.tag,
          data: {
            fields: {
              title: values.title,
              excerpt: values.excerpt,
              content: values.content,
              metaTitle: values.metaTitle,
              metaDescription: values.metaDescription,
            },
            slug: values.slug || null,
            publication: values.publication,
            publishAt: values.publishAt || null,
            version: version > 0 ? version : null,
          },
        });
      } catch (error) {
        throw asFormErrors(error);
      }
    },
    load: (values, record) => {
      opened.current = { values: valuesOf(record), version: record.version ?? null };
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
      opened.current = { values: valuesOf(stored), version: stored.version ?? null };
      methods.reset(valuesOf(stored));
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
      await remove.mutateAsync({ kind: TranslationKind.post, id: post._id, lang: language.tag });
      opened.current = { values: valuesOf(undefined), version: null };
      methods.reset(valuesOf(undefined));
      setConfirming(false);
      await refresh();
      banners.success(`${language.name} translation deleted.`);
    } catch (error) {
      setDeleteError(serverMessageOr(error, `Failed to delete the ${language.name} translation`));
    }
  };
  const exists = opened.current.version !== null;
  const form = (
    <div className="space-y-4">
      <DraftAutosave scope="blog" record={`${post._id}.${language.tag}`} />
      <TextField name="title" label="Title" />
      <TextField name="slug" label="Slug" hint={`Empty: /blog/${post.slug}`} />
      <TextAreaField name="excerpt" label="Excerpt" rows={2} />
      <MarkdownField
        name="content"
        label="Content"
        height={400}
        placeholder="Translate the post…"
      />
      <FieldRow>
        <SelectField name="publication" label="Status" options={PUBLICATION_OPTIONS} />
        <DateTimeField
          name="publishAt"
          label="Publish at"
          hint="Empty: live as soon as it is published."
        />
      </FieldRow>
      <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-gray-700">Search engines</legend>
        <TextField name="metaTitle" label="Meta Title" />
        <TextAreaField name="metaDescription" label="Meta Description" rows={2} />
      </fieldset>
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
            <SourceTexts post={post} />
            {form}
          </div>
        ) : (
          form
        )}
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-gray-100 pt-4">
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
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${language.name} translation`}
        message={`The post stays; its ${language.name} texts are deleted and the ${language.name} site shows it in the default language.`}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </FormProvider>
  );
}

/** The default language's texts, read only, beside the translation. */
function SourceTexts({ post }: { post: BlogPost }) {
  const rows: [string, string | null | undefined][] = [
    ['Title', post.title],
    ['Slug', post.slug],
    ['Excerpt', post.excerpt],
    ['Content', post.content],
    ['Meta Title', post.metaTitle],
    ['Meta Description', post.metaDescription],
  ];
  return (
    <section aria-label="Default language" className="space-y-3 rounded-lg bg-gray-50 p-3">
      {rows.map(([label, text]) => (
        <div key={label}>
          <p className="text-sm font-medium text-gray-700">{label}</p>
          <p className="whitespace-pre-wrap break-words text-sm text-gray-900">{text || '—'}</p>
        </div>
      ))}
    </section>
  );
}
