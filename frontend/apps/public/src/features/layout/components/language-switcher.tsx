import { lazy, Suspense } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSiteLanguages } from '../hooks/use-site-languages';

const LanguageMenu = lazy(async () => ({
  default: (await import('./language-menu')).LanguageMenu,
}));

/**
 * The header's language switcher (`LanguageMenu`, a module of its own that only a site with
 * several languages loads). Drawn once the page is hydrated (the build knows no site's languages),
 * where it moves nothing after it (first in the group the header's inline end holds, before the
 * mobile menu's button); nothing when the site has one language.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const hydrated = useHydrated();
  const { languages, current } = useSiteLanguages();
  if (!hydrated || languages.length < 2 || !current) return null;
  return (
    <Suspense fallback={null}>
      <LanguageMenu languages={languages} current={current} className={className} />
    </Suspense>
  );
}
