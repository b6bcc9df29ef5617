import {
  type SiteLanguage,
  useGetPublishedBlogPostBySlug,
  useGetSettings,
} from '@atelier/api-client/api';
import { useLocation } from 'react-router';
import { usePageLanguage } from '@/lib/page-language';
import { currentLanguageOf, languageHref, postSlugOf } from '../language-targets';

/** The site's languages (the settings, the default first; none until read) and the page's. */
export function useSiteLanguages(): {
  languages: readonly SiteLanguage[];
  current: SiteLanguage | undefined;
} {
  const { data: settings } = useGetSettings();
  const { basename } = usePageLanguage();
  const languages = settings?.languages ?? [];
  return { languages, current: currentLanguageOf(languages, basename) };
}

/**
 * Where each of `languages` leads from the page shown. On a post's page the post's `translations`
 * say its address in each language; a read in the default language carries none, so there, when
 * `translations` is true (the switcher is open, the banner shown), the post is read once more in
 * another of the site's languages to learn them.
 */
export function useLanguageHref(
  languages: readonly SiteLanguage[],
  { translations = false } = {},
): (language: SiteLanguage) => string {
  const { basename } = usePageLanguage();
  const location = useLocation();
  const slug = postSlugOf(location.pathname);
  const { data: post } = useGetPublishedBlogPostBySlug(slug ?? '', undefined, {
    query: { enabled: slug !== undefined },
  });
  const other = languages[1]?.tag;
  const { data: translated } = useGetPublishedBlogPostBySlug(
    slug ?? '',
    { lang: other ?? '' },
    {
      query: {
        enabled:
          translations &&
          slug !== undefined &&
          post !== undefined &&
          !post.translations &&
          !basename &&
          other !== undefined,
      },
    },
  );
  const known = post?.translations ? post : (translated ?? post);
  return (language) => languageHref(language, languages, location, known);
}
