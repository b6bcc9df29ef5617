import type { Translation } from '@atelier/api-client/api';

/** A site in English (the default) and German, as the settings list them. */
export const LANGUAGES = [
  { tag: 'en', name: 'English', direction: 'ltr' as const },
  { tag: 'de', name: 'Deutsch', direction: 'ltr' as const },
];

/** A record's German translation as the API answers it: missing unless `overrides` say more. */
export const germanTranslation = (overrides: Partial<Translation> = {}): Translation => ({
  lang: 'de',
  fields: {},
  sources: {},
  slug: null,
  publication: null,
  publishAt: null,
  status: 'missing',
  updatedAt: null,
  updatedBy: null,
  version: null,
  ...overrides,
});
