import { type SiteLanguage, useGetPublishedBlogPostBySlug } from '@atelier/api-client/api';
import { useLocation } from 'react-router';
import { languageHref, postSlugOf } from '../language-href';

/**
 * Where each of `languages` leads from the page shown. On a post's page the post's `translations`
 * say its address in each language; a read in the default language carries none, so there, when
 * `translations` is true (the switcher is open, the banner shown), the post is read once more in
 * another of the site's languages to learn them.
 */
export function useLanguageHref(
  languages: readonly SiteLanguage[],
  current: SiteLanguage,
  { translations = false } = {},
): (language: SiteLanguage) => string {
  const isDefault = languages[0]?.tag === current.tag;
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
          isDefault &&
          other !== undefined,
      },
    },
  );
  const known = post?.translations ? post : (translated ?? post);
  return (language) => languageHref(language, languages, location, known);
}
