import type { SiteLanguage } from '@atelier/api-client/api';
import { tIn } from '@atelier/messages/format-in';
import {
  activeLocale,
  type CompiledCatalogue,
  type MessageId,
  type MessageValues,
  t,
} from '@atelier/messages/intl';
import { loadCatalogue } from '@atelier/messages/load';
import { type CatalogueLocale, catalogueLocaleFor } from '@atelier/messages/locale';
import { Icon } from '@atelier/ui/icon';
import { faXmark } from '@fortawesome/free-solid-svg-icons/faXmark';
import { useEffect, useState } from 'react';
import { useLanguageHref } from '../hooks/use-language-href';

/** The words of a suggestion: the suggested language's catalogue, else the page's. */
interface Words {
  lang: string;
  say: (id: MessageId, values?: MessageValues) => string;
}

/** Whether the interface has a catalogue for `tag`'s language (`de-AT`: `de`'s). */
const hasCatalogue = (tag: string, locale: CatalogueLocale) =>
  locale === (tag.split('-')[0] ?? '').toLowerCase();

/** The suggested language's words, once its catalogue is loaded (at once for the page's own). */
function useWordsOf(language: SiteLanguage | undefined): Words | undefined {
  const [loaded, setLoaded] = useState<{ tag: string; words: Words }>();
  const locale = language ? catalogueLocaleFor(language.tag) : undefined;
  const own = language && locale && hasCatalogue(language.tag, locale);
  const inPage = !own || locale === activeLocale();
  useEffect(() => {
    if (!language || !locale || inPage) return;
    let current = true;
    loadCatalogue(locale)
      .then((messages: CompiledCatalogue) => {
        if (!current) return;
        setLoaded({
          tag: language.tag,
          words: { lang: language.tag, say: (id, values) => tIn(locale, messages, id, values) },
        });
      })
      .catch(() => {
        if (current) setLoaded({ tag: language.tag, words: { lang: '', say: t } });
      });
    return () => {
      current = false;
    };
  }, [language, locale, inPage]);
  if (!language) return undefined;
  if (inPage) return { lang: own ? language.tag : '', say: t };
  return loaded?.tag === language.tag ? loaded.words : undefined;
}

/**
 * The suggestion of `suggestion`, one of the site's `languages` (`LanguageBanner` draws it): a
 * banner in that language's words (the page's when the interface has no catalogue for it) with a
 * link to the page shown in it, and a button that dismisses it for good (`onDismiss`).
 */
export function LanguageSuggestion({
  languages,
  current,
  suggestion,
  onDismiss,
}: {
  languages: readonly SiteLanguage[];
  current: SiteLanguage;
  suggestion: SiteLanguage;
  onDismiss: () => void;
}) {
  const hrefOf = useLanguageHref(languages, current, { translations: true });
  const words = useWordsOf(suggestion);
  if (!words) return null;

  return (
    <section
      aria-label={words.say('language.bannerLabel')}
      lang={words.lang || undefined}
      dir={words.lang ? suggestion.direction : undefined}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-blue-100 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <p className="min-w-0 flex-1 text-sm text-gray-800">
          {words.say('language.bannerText', { language: suggestion.name })}
        </p>
        <a
          href={hrefOf(suggestion)}
          hrefLang={suggestion.tag}
          className="rounded-full bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
        >
          {words.say('language.bannerSwitch', { language: suggestion.name })}
        </a>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={words.say('language.bannerDismiss')}
          className="rounded-md p-2 text-gray-600 hover:text-gray-900"
        >
          <Icon icon={faXmark} aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </section>
  );
}
