//! A translation's history on its language's tab (docs/languages.md, "Revisions per language"):
//! the kit's history panel, bound to the translation revisions of one record in one language
//! (`/translations/{kind}/{id}/{lang}/revisions`), so the tab lists, compares and restores that
//! language's earlier versions as the record's own form does its own.
import {
  type Translation,
  useGetTranslationRevision,
  useListTranslationRevisions,
  useRestoreTranslationRevision,
} from '@atelier/api-client/api';
import type { HistoryField } from '@/kit/history/diff-view';
import type { HistoryBinding } from '@/kit/history/history-binding';
import type { Language, TranslationSpec, TranslationValues } from './translation-spec';

/** The compared fields of a kind's translation, in its form's order. */
export const historyFieldsOf = (
  spec: TranslationSpec<never>,
): readonly HistoryField<TranslationValues>[] => {
  const [first, ...rest] = spec.fields.filter((field) => !field.group);
  const grouped = spec.fields.filter((field) => field.group);
  const field = (
    name: string,
    label: string,
    markdown = false,
  ): HistoryField<TranslationValues> => ({
    label,
    text: (values) => values[name] ?? '',
    ...(markdown ? { kind: 'markdown' as const } : {}),
  });
  return [
    ...(first ? [field(first.name, first.label, first.input === 'markdown')] : []),
    ...(spec.slug ? [field('slug', 'Slug')] : []),
    ...[...rest, ...grouped].map((each) =>
      field(
        each.name,
        each.group ? `${each.group}: ${each.label}` : each.label,
        each.input === 'markdown',
      ),
    ),
    ...(spec.publication
      ? [
          {
            label: 'Status',
            text: (values: TranslationValues) =>
              values.publication === 'published' ? 'Published' : 'Draft',
          },
          field('publishAt', 'Publish at'),
        ]
      : []),
  ];
};

/** A version's texts, read only: what 'Preview' shows of a translation. */
export function TranslationTexts({
  fields,
  values,
  label,
}: {
  fields: readonly HistoryField<TranslationValues>[];
  values: TranslationValues;
  label: string;
}) {
  return (
    <section aria-label={label} className="space-y-3 rounded-lg bg-gray-50 p-3">
      {fields.map((field) => (
        <div key={field.label}>
          <p className="text-sm font-medium text-gray-700">{field.label}</p>
          <p className="whitespace-pre-wrap break-words text-sm text-gray-900">
            {field.text(values) || '—'}
          </p>
        </div>
      ))}
    </section>
  );
}

/**
 * The history of the record `id`'s translation in `language` (the panel's key is that id). Its versions are
 * shown as the record's are (the same panel, list, comparison and restore); a version's
 * 'Preview' is its texts, read only.
 */
export const translationHistory = <TRow,>(
  spec: TranslationSpec<TRow>,
  id: string,
  language: Language,
): HistoryBinding<Translation, TranslationValues> => {
  const kind = spec as TranslationSpec<never>;
  const fields = historyFieldsOf(kind);
  return {
    noun: 'translation',
    useRevisions: (id) => useListTranslationRevisions(spec.kind, id, language.tag),
    useRevision: (id, revisionId) =>
      useGetTranslationRevision(spec.kind, id, language.tag, revisionId, {
        query: {
          select: (detail) => {
            const { translation, ...revision } = detail;
            return { revision, snapshot: translation };
          },
        },
      }),
    useRestore: () => {
      const restore = useRestoreTranslationRevision();
      return {
        isPending: restore.isPending,
        mutateAsync: ({ key, revisionId }) =>
          restore.mutateAsync({ kind: spec.kind, id: key, lang: language.tag, revisionId }),
      };
    },
    useFields: () => fields,
    invalidates: [translationsPrefix(spec.kind, id)],
    preview: (values) => (
      <TranslationTexts
        fields={fields}
        values={values}
        label={`${language.name} texts of this version`}
      />
    ),
  };
};

/** The API paths of a record's translations, their revisions included: what a write changes. */
export const translationsPrefix = (kind: string, id: string) => `/translations/${kind}/${id}`;
