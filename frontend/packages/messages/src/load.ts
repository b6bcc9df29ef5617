//! Loading the page's catalogue at start: English is in the code, every other language is a chunk
//! of its own that only its pages load.

import { activateCatalogue, type CompiledCatalogue, ENGLISH_CATALOGUE } from './intl';
import { type CatalogueLocale, catalogueLocaleFor, documentLanguage } from './locale';

const LOADERS: Record<Exclude<CatalogueLocale, 'en'>, () => Promise<CompiledCatalogue>> = {
  de: async () => (await import('../compiled/de.json')).default as unknown as CompiledCatalogue,
};

/** The compiled catalogue of `locale`. */
export const loadCatalogue = async (locale: CatalogueLocale): Promise<CompiledCatalogue> =>
  locale === 'en' ? ENGLISH_CATALOGUE : LOADERS[locale]();

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
