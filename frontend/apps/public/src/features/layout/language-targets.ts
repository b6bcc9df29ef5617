//! Which of the site's languages a page is in, and which one a visitor's browser prefers
//! (docs/languages.md). Where each language leads from the page shown is `language-href.ts`.
import type { SiteLanguage } from '@atelier/api-client/api';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The language of a page whose addresses start at `basename` (`/de`; empty: the default's). */
export const currentLanguageOf = (
  languages: readonly SiteLanguage[],
  basename: string,
): SiteLanguage | undefined =>
  basename
    ? languages.slice(1).find((language) => same(`/${language.tag}`, basename))
    : languages[0];

/**
 * The site's language the visitor's browser prefers (`navigator.languages`, most preferred first)
 * when it is not the page's: the first preferred language the site has (its tag, else a site
 * language of the same language subtag: `de-DE` reads `de`, `de` reads `de-AT`). None when the
 * most preferred language the site has is the page's, or the browser names none of the site's.
 */
export const suggestedLanguage = (
  preferred: readonly string[],
  languages: readonly SiteLanguage[],
  current: SiteLanguage | undefined,
): SiteLanguage | undefined => {
  const subtag = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';
  for (const wanted of preferred) {
    const match =
      languages.find((language) => same(language.tag, wanted)) ??
      languages.find((language) => subtag(language.tag) === subtag(wanted));
    if (!match) continue;
    return current && same(match.tag, current.tag) ? undefined : match;
  }
  return undefined;
};
