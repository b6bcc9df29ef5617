import { type SiteLanguage, useGetSettings } from '@atelier/api-client/api';
import { usePageLanguage } from '@/lib/page-language';
import { currentLanguageOf } from '../language-targets';

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
