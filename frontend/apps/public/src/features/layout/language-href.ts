//! Where each of the site's languages leads from the page shown (the language switcher, the
//! suggestion banner; docs/languages.md).
import type { BlogPost, SiteLanguage } from '@atelier/api-client/api';
import { matchPath } from 'react-router';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Where a language's addresses start: the default's (the first) at `/`, the others' at `/{tag}`. */
export const prefixOf = (language: SiteLanguage, languages: readonly SiteLanguage[]): string =>
  languages[0] && same(languages[0].tag, language.tag) ? '' : `/${language.tag}`;

/** The route of a post's page, as the router reads it under any language's prefix. */
export const POST_ROUTE = '/blog/:slug';

/** The slug of the post whose page `pathname` (under the page's prefix) is, if it is one. */
export const postSlugOf = (pathname: string): string | undefined =>
  matchPath(POST_ROUTE, pathname)?.params.slug;

export interface Place {
  /** The page's path as the router reads it, without the language's prefix (`/blog/x`). */
  pathname: string;
  search?: string;
  hash?: string;
}

/**
 * The address of the page shown, in `target`: the same path under the other prefix; on a post's
 * page, the post's address there from its `translations` (its translated slug; in a language it
 * has no translation in, its default slug, where the post falls back to the default language).
 * A post whose `translations` are unknown keeps the slug it is shown at.
 */
export const languageHref = (
  target: SiteLanguage,
  languages: readonly SiteLanguage[],
  place: Place,
  post?: Pick<BlogPost, 'slug' | 'translations'>,
): string => {
  const prefix = prefixOf(target, languages);
  const shownSlug = postSlugOf(place.pathname);
  if (shownSlug !== undefined) {
    const translations = post?.translations ?? [];
    const own = translations.find((entry) => same(entry.lang, target.tag))?.slug;
    const byDefault = languages[0]
      ? translations.find((entry) => same(entry.lang, languages[0]?.tag ?? ''))?.slug
      : undefined;
    const slug = own ?? byDefault ?? shownSlug;
    return `${prefix}/blog/${encodeURIComponent(slug)}`;
  }
  const path = place.pathname === '/' ? (prefix ? '' : '/') : place.pathname;
  return `${prefix}${path}${place.search ?? ''}${place.hash ?? ''}`;
};
