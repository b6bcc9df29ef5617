import type { SiteLanguage } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useLanguageHref } from '../hooks/use-language-href';

/** A globe, drawn here so that only a site with several languages loads it. */
const Globe = () => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="h-4 w-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);

/**
 * The language switcher's button and list (`LanguageSwitcher` draws it once the site's languages
 * are known): a button naming the page's language that opens the list of the site's languages,
 * each by its own name, leading to the page shown in that language (a whole new page: another
 * language is another catalogue). The page's language is marked `aria-current`.
 */
export function LanguageMenu({
  languages,
  current,
  className = '',
}: {
  languages: readonly SiteLanguage[];
  current: SiteLanguage;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const hrefOf = useLanguageHref(languages, current, { translations: open });
  const button = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLElement>(null);
  const listId = useId();

  // Escape closes the list and returns the focus to its button; a click elsewhere closes it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <nav
      ref={frame}
      aria-label={t('language.nav')}
      className={`relative ${className}`}
      onBlur={(event) => {
        if (!frame.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('language.switcher', { language: current.name })}
        onClick={() => setOpen((shown) => !shown)}
        className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-gray-700 hover:text-blue-600"
      >
        <Globe />
        {/* The name shown is part of the button's name ("Language: Deutsch"), as it must be. */}
        <span lang={current.tag} className="max-w-32 truncate">
          {current.name}
        </span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute end-0 top-full z-50 mt-1 min-w-40 rounded-md border border-gray-100 bg-white py-1 text-start shadow-lg"
      >
        {languages.map((language) => {
          const isCurrent = language.tag === current.tag;
          return (
            <li key={language.tag}>
              <a
                href={hrefOf(language)}
                lang={language.tag}
                hrefLang={language.tag}
                aria-current={isCurrent ? 'true' : undefined}
                className={`block px-4 py-2 text-sm ${
                  isCurrent
                    ? 'font-semibold text-blue-600'
                    : 'text-gray-700 hover:bg-gray-50 hover:text-blue-600'
                }`}
              >
                {language.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
