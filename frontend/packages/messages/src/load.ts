//! Loading the page's catalogue at start: each language is a chunk of its own that only its pages
//! load (English is in the code too, except in the public site's browser build). The catalogue's parts (`builtin`, the long built-in texts)
//! are chunks of their own too, loaded by the pages that show them (`loadCataloguePart`).

import {
  activateCatalogue,
  addCataloguePart,
  type CompiledCatalogue,
  ENGLISH_CATALOGUE,
} from './intl';
import { type CatalogueLocale, catalogueLocaleFor, documentLanguage } from './locale';

const LOADERS: Record<CatalogueLocale, () => Promise<CompiledCatalogue>> = {
  en: async () => (await import('../compiled/en.json')).default as unknown as CompiledCatalogue,
  de: async () => (await import('../compiled/de.json')).default as unknown as CompiledCatalogue,
};

/** A part of the catalogues, compiled apart (`compiled/<tag>.<part>.json`). */
export type CataloguePart = 'builtin';

const PART_LOADERS: Record<CataloguePart, Record<CatalogueLocale, () => Promise<unknown>>> = {
  builtin: {
    en: () => import('../compiled/en.builtin.json'),
    de: () => import('../compiled/de.builtin.json'),
  },
};

const partOf = async (part: CataloguePart, locale: CatalogueLocale) =>
  ((await PART_LOADERS[part][locale]()) as { default: CompiledCatalogue }).default;

/**
 * The compiled catalogue of `locale`, without its parts: English from the code where it is bundled
 * (the back office, tests, the pre-renderer), else each language a chunk of its own.
 */
export const loadCatalogue = async (locale: CatalogueLocale): Promise<CompiledCatalogue> =>
  locale === 'en' && Object.keys(ENGLISH_CATALOGUE).length > 0
    ? ENGLISH_CATALOGUE
    : LOADERS[locale]();

/** The compiled catalogue of `locale` with every part (the pre-renderer's, the tests'). */
export const loadWholeCatalogue = async (locale: CatalogueLocale): Promise<CompiledCatalogue> => {
  const parts = await Promise.all(
    (Object.keys(PART_LOADERS) as CataloguePart[]).map((part) => partOf(part, locale)),
  );
  return Object.assign({}, await loadCatalogue(locale), ...parts);
};

/**
 * Loads `part` of the page's catalogue (`<html lang>`'s, as `startCatalogue` picks it), for the
 * modules that show its messages: they await it before they are used.
 */
export const loadCataloguePart = async (part: CataloguePart): Promise<void> => {
  const locale = catalogueLocaleFor(documentLanguage());
  addCataloguePart(locale, await partOf(part, locale));
};

/**
 * Reads the page's language (`<html lang>`), loads its catalogue and makes it the active one.
 * The public site calls it once, before drawing anything.
 */
export const startCatalogue = async (
  language: string = documentLanguage(),
): Promise<CatalogueLocale> => {
  const locale = catalogueLocaleFor(language);
  activateCatalogue(locale, await loadCatalogue(locale));
  return locale;
};
