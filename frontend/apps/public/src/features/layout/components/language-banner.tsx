import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { dismiss, isDismissed } from '../banner-dismissal';
import { useSiteLanguages } from '../hooks/use-site-languages';
import { suggestedLanguage } from '../language-targets';

const LanguageSuggestion = lazy(async () => ({
  default: (await import('./language-suggestion')).LanguageSuggestion,
}));

/**
 * Offers the page in the language the visitor's browser prefers (`navigator.languages`), when the
 * site has it and it is not the page's and the visitor did not dismiss it before
 * (`LanguageSuggestion`, a module of its own loaded only then). It never redirects. Drawn only in
 * the browser once the page is hydrated, fixed at the bottom of the window over the page, so it
 * moves nothing.
 */
export function LanguageBanner() {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const { languages, current } = useSiteLanguages();
  const candidate =
    hydrated && !closed && languages.length > 1
      ? suggestedLanguage(navigator.languages ?? [navigator.language], languages, current)
      : undefined;
  if (!candidate || !current || isDismissed(candidate.tag)) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestion
        languages={languages}
        current={current}
        suggestion={candidate}
        onDismiss={() => {
          dismiss(candidate.tag);
          setClosed(true);
        }}
      />
    </Suspense>
  );
}
