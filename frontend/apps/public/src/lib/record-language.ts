//! The language a record's texts are in, said on its element when it is not the page's
//! (docs/languages.md, "What the public app does"): a record without a live translation in the
//! page's language is shown in the default language, and its card or article says so with `lang`,
//! and with `dir` when the two languages' directions differ, as the server writes it
//! (`crates/adapters-http/src/site/content/kinds.rs`, `shown_in`).
import { type PageLanguage, usePageLanguage } from './page-language';

/** The attributes of a record's element: none when it is in the page's language. */
export interface RecordLanguageAttributes {
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * The attributes of the element of a record whose texts are in `language` (its answer's
 * `language`) on `page`: nothing on the default language's pages (whose reads name no language)
 * or for a record in the page's language; else `lang`, and `dir` when its direction is not the
 * page's.
 */
export const recordLanguageAttributes = (
  language: string | null | undefined,
  page: PageLanguage,
): RecordLanguageAttributes => {
  if (!page.basename || !language || language === page.tag) return {};
  const own = page.directions?.[language.toLowerCase()];
  const here = page.directions?.[page.tag.toLowerCase()];
  return own && here && own !== here ? { lang: language, dir: own } : { lang: language };
};

/** [`recordLanguageAttributes`] on the page being drawn. */
export const useRecordLanguage = (language: string | null | undefined): RecordLanguageAttributes =>
  recordLanguageAttributes(language, usePageLanguage());
