//! The language a page is in, and where its addresses start (docs/languages.md, "The public site").
import { createContext, useContext } from 'react';
import { SERVER_DATA_ID } from './server-data';

/**
 * The attribute of the pre-rendered `#root` naming the address prefix its links were drawn under
 * (`/de` in `dist/de/…`, empty in the default language's files): the browser adopts the page's
 * markup only when its own prefix is the same.
 */
export const ROOT_BASE_ATTRIBUTE = 'data-base';

export interface PageLanguage {
  /** The page's language tag, as `<html lang>` says it. */
  tag: string;
  /**
   * Where the page's addresses start: `/de` on a page of another language than the default
   * (`/de/blog/…`), empty on the default language's pages (`/blog/…`).
   */
  basename: string;
  /**
   * The direction of each of the site's languages (its tag in lower case: `ltr`, `rtl`), from the
   * settings the server embedded; absent when they are not known (the pre-render, tests).
   */
  directions?: Readonly<Record<string, 'ltr' | 'rtl'>>;
  /**
   * The site's default language (the records' own texts), from the settings the server embedded;
   * absent when they are not known or on the default language's pages.
   */
  defaultTag?: string;
}

/** Reads that name their language: the default language's pages send none. */
export const apiLanguageOf = (language: PageLanguage): string | undefined =>
  language.basename ? language.tag : undefined;

/**
 * The page's language: a page whose address starts with its `<html lang>` tag (`/de/…` on a
 * `lang="de"` page) is that language's, its addresses under `/de`. When the site's languages are
 * known (`others`: every one but the default), the tag must be one of them, as the server reads
 * it: `/en/about` on an English site is a page that does not exist, not the English About page.
 */
export const pageLanguageOf = (
  htmlLang: string,
  pathname: string,
  others?: readonly string[],
): PageLanguage => {
  const tag = htmlLang.trim();
  const first = pathname.split('/')[1] ?? '';
  const named = tag !== '' && first !== '' && first.toLowerCase() === tag.toLowerCase();
  const listed = !others || others.some((other) => other.toLowerCase() === first.toLowerCase());
  return named && listed ? { tag, basename: `/${first}` } : { tag: tag || 'en', basename: '' };
};

/** The site's languages (the default first), from the settings the server embedded. */
const embeddedLanguages = (page: Document): { tag: string; direction?: unknown }[] | undefined => {
  try {
    const entries: unknown = JSON.parse(page.getElementById(SERVER_DATA_ID)?.textContent || '[]');
    if (!Array.isArray(entries)) return undefined;
    for (const entry of entries) {
      if (!Array.isArray(entry) || !Array.isArray(entry[0]) || entry[0].length > 2) continue;
      if (entry[0][0] !== '/settings') continue;
      const languages: unknown = entry[1]?.languages;
      if (!Array.isArray(languages)) return undefined;
      return languages.flatMap((language) =>
        typeof language?.tag === 'string'
          ? [{ tag: language.tag, direction: language.direction }]
          : [],
      );
    }
  } catch {
    return undefined;
  }
  return undefined;
};

/** The site's languages other than the default, from the settings the server embedded. */
export const embeddedOtherLanguages = (page: Document = document): string[] | undefined =>
  embeddedLanguages(page)
    ?.slice(1)
    .map((language) => language.tag);

/** The direction of each of the site's languages (by its tag in lower case), as embedded. */
export const embeddedDirections = (
  page: Document = document,
): Record<string, 'ltr' | 'rtl'> | undefined => {
  const languages = embeddedLanguages(page);
  if (!languages) return undefined;
  return Object.fromEntries(
    languages.map((language) => [
      language.tag.toLowerCase(),
      language.direction === 'rtl' ? 'rtl' : 'ltr',
    ]),
  );
};

/** The language of the page the browser shows. */
export const currentPageLanguage = (page: Document = document): PageLanguage => {
  const language = pageLanguageOf(
    page.documentElement.lang,
    page.defaultView?.location.pathname ?? '/',
    embeddedOtherLanguages(page),
  );
  if (!language.basename) return language;
  const directions = embeddedDirections(page);
  const defaultTag = embeddedLanguages(page)?.[0]?.tag;
  return {
    ...language,
    ...(directions ? { directions } : {}),
    ...(defaultTag ? { defaultTag } : {}),
  };
};

const PageLanguageContext = createContext<PageLanguage>({ tag: 'en', basename: '' });

/** Gives the pages below their language (the app's root, the pre-render). */
export const PageLanguageProvider = PageLanguageContext.Provider;

/** The language of the page being drawn. */
export const usePageLanguage = (): PageLanguage => useContext(PageLanguageContext);
