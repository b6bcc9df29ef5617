// What the translation tabs of a record's editor need to know of its kind (docs/languages.md,
// "Back office"): its translatable fields and how each is edited, whether it has an address per
// language and a publication of its own, and how its default-language texts are read. A screen
// declares one spec; `languagesAround(spec)` wraps its form in the tabs.
import type { Translation, TranslationKind } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { z } from 'zod';

/** One translatable field as the form edits it. */
export interface TranslatedField {
  /** The API's field name (`title`, `shortDescription`, the home page's `hero.title`). */
  name: string;
  label: string;
  input: 'text' | 'textarea' | 'markdown';
  rows?: number;
  /** Markdown only: the editor's height and placeholder. */
  height?: number;
  placeholder?: string;
  /** Fields of one group are drawn together in a fieldset of that legend, after the others. */
  group?: string;
}

/** A kind of record's translations, as its editor declares them. */
export interface TranslationSpec<TRow> {
  kind: TranslationKind;
  /** The record as the messages name it: `post`, `project`, `service`. */
  noun: string;
  fields: TranslatedField[];
  /** For the kinds with an address per language: the slug field's hint ("Empty: /blog/{slug}"). */
  slug?: (row: TRow) => string;
  /** Posts only: a translation's own publication (Draft, Published, Publish at). */
  publication?: boolean;
  /** The key of the browser's copy of unsaved forms: `{scope}.{id}.{lang}`. */
  autosaveScope: string;
  /** The record's key as translations name it (its `_id`, a page's type). */
  id: (row: TRow) => string;
  /** The record's default-language texts by field name (and `slug`), shown beside the form. */
  source: (row: TRow) => Record<string, string | null | undefined>;
}

/** A translation's status as its tab says it, in words (never colour alone). */
export const STATUS_TEXT: Record<Translation['status'], string> = {
  missing: 'Missing',
  upToDate: 'Up to date',
  outdated: 'Outdated',
};

export const PUBLICATION_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
];

/** One of the site's languages, as the settings name it. */
export interface Language {
  tag: string;
  name: string;
}

/** A translation's form values: each field's text, the slug, and (posts) the publication. */
export type TranslationValues = Record<string, string>;

/**
 * A field's name in the form: the API's, with its dots (the home page's `sections.faq.heading`)
 * written as `/`, since the form would read a dotted name as a path into nested values.
 */
export const formName = (name: string) => name.replaceAll('.', '/');

/** Every form field's name and its schema. */
export const schemaOf = (spec: TranslationSpec<never>) =>
  z.object(
    Object.fromEntries(
      [
        ...spec.fields.map((field) => formName(field.name)),
        ...(spec.slug ? ['slug'] : []),
        ...(spec.publication ? ['publishAt'] : []),
      ]
        .map((name): [string, z.ZodTypeAny] => [name, z.string()])
        .concat(spec.publication ? [['publication', z.enum(['draft', 'published'])]] : []),
    ),
  );

export const valuesOf = (
  spec: TranslationSpec<never>,
  translation: Translation | undefined,
): TranslationValues => {
  const values: TranslationValues = {};
  for (const field of spec.fields) {
    values[formName(field.name)] = translation?.fields[field.name] ?? '';
  }
  if (spec.slug) values.slug = translation?.slug ?? '';
  if (spec.publication) {
    values.publication = translation?.publication === 'published' ? 'published' : 'draft';
    values.publishAt = translation?.publishAt ?? '';
  }
  return values;
};

/** The body of a save: the fields, and the slug and publication for the kinds that have them. */
export const bodyOf = (
  spec: TranslationSpec<never>,
  values: TranslationValues,
  version: number,
) => ({
  fields: Object.fromEntries(
    spec.fields.map((field) => [field.name, values[formName(field.name)] ?? '']),
  ),
  ...(spec.slug ? { slug: values.slug || null } : {}),
  ...(spec.publication
    ? {
        publication: values.publication as 'draft' | 'published',
        publishAt: values.publishAt || null,
      }
    : {}),
  version: version > 0 ? version : null,
});

/** The API names a translation's field `fields.title`; the form names it `title` ([`formName`]). */
export const asFormErrors = (error: unknown) => {
  if (error instanceof ApiError && error.errors) {
    const errors = error.errors as Record<string, string>;
    for (const name of Object.keys(errors)) {
      if (name.startsWith('fields.')) {
        errors[formName(name.slice('fields.'.length))] = errors[name] ?? '';
        delete errors[name];
      }
    }
  }
  return error;
};
