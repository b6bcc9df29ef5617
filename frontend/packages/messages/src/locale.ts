//! Which catalogue a page speaks: the languages with a catalogue of their own, and how a page's
//! language tag (BCP 47, as the site settings write it) picks one (docs/languages.md).

/** The languages the public site's interface has a catalogue for; the first is the default. */
export const CATALOGUE_LOCALES = ['en', 'de'] as const;

/** A language the interface has a catalogue for. */
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number];

/** The catalogue used when a page's language has none of its own. */
export const DEFAULT_LOCALE: CatalogueLocale = 'en';

const isCatalogueLocale = (tag: string): tag is CatalogueLocale =>
  (CATALOGUE_LOCALES as readonly string[]).includes(tag);

/**
 * The catalogue for a language tag: its own, else its language subtag's (`de-AT` uses `de`), else
 * the default's. Tags are read in any case.
 */
export const catalogueLocaleFor = (tag: string | null | undefined): CatalogueLocale => {
  const lower = (tag ?? '').trim().toLowerCase();
  if (isCatalogueLocale(lower)) return lower;
  const language = lower.split('-')[0] ?? '';
  return isCatalogueLocale(language) ? language : DEFAULT_LOCALE;
};

/**
 * The page's language: `<html lang>` as the server (or the build) wrote it, the one place the
 * public site reads its language from. Where there is no document (Node), the default.
 */
export const documentLanguage = (): string =>
  (typeof document === 'undefined' ? '' : document.documentElement.lang) || DEFAULT_LOCALE;
