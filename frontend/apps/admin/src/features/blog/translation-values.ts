// A translation's form values: what the API's translation becomes in the form, the server's field
// errors under the form's names, and the publication choices.
import type { Translation } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { z } from 'zod';

export const schema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  publication: z.enum(['draft', 'published']),
  publishAt: z.string(),
});
export type TranslationValues = z.infer<typeof schema>;

export const valuesOf = (translation: Translation | undefined): TranslationValues => ({
  title: translation?.fields.title ?? '',
  slug: translation?.slug ?? '',
  excerpt: translation?.fields.excerpt ?? '',
  content: translation?.fields.content ?? '',
  metaTitle: translation?.fields.metaTitle ?? '',
  metaDescription: translation?.fields.metaDescription ?? '',
  publication: translation?.publication === 'published' ? 'published' : 'draft',
  publishAt: translation?.publishAt ?? '',
});

/** The API names a translation's field `fields.title`; the form names it `title`. */
export const asFormErrors = (error: unknown) => {
  if (error instanceof ApiError && error.errors) {
    const errors = error.errors as Record<string, string>;
    for (const name of Object.keys(errors)) {
      if (name.startsWith('fields.')) {
        errors[name.slice('fields.'.length)] = errors[name] ?? '';
        delete errors[name];
      }
    }
  }
  return error;
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
