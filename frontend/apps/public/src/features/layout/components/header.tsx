import { t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { faBars } from '@fortawesome/free-solid-svg-icons/faBars';
import { faXmark } from '@fortawesome/free-solid-svg-icons/faXmark';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link, useHref, useLocation } from 'react-router';
import { useHydrated } from '@/hooks/use-hydrated';
import { scrollToElementId } from '@/lib/scroll';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { ABOUT_ENTRY_TARGET, isEntryActive, NAV_ENTRIES, type NavEntry } from '../nav-entries';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { NewsletterBox } from './newsletter-box';
import { NewsletterForm } from './newsletter-form';

/** The header turns white, blurred and shadowed past this many pixels of scrolling. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

interface EntryLinkProps {
  entry: NavEntry;
  active: boolean;
  className: string;
  onNavigate: () => void;
}

function EntryLink({ entry, active, className, onNavigate }: EntryLinkProps) {
  const { pathname } = useLocation();
  // The home page's About section under the page's language's prefix (`/de#about`).
  const aboutHref = useHref({ pathname: '/', hash: 'about' });
  const classes = `${className} ${active ? 'text-blue-600' : 'text-gray-700 hover:text-blue-600'}`;

  if (entry.to === ABOUT_ENTRY_TARGET) {
    // On the home page: smooth scroll. Elsewhere: a full navigation to /#about.
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onNavigate();
      if (pathname !== '/') return;
      event.preventDefault();
      scrollToElementId('about');
    };
    return (
      <a href={aboutHref} onClick={onClick} className={classes}>
        {t(entry.label)}
      </a>
    );
  }
  return (
    <Link
      to={entry.to}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes}
    >
      {t(entry.label)}
    </Link>
  );
}

export function Header() {
  const location = useLocation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location.key);

  // Every route change closes the mobile menu.
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }

  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the mobile menu and returns the focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  // The pre-rendered header knows no hash: About Us lights up once the page is hydrated.
  const hash = useHydrated() ? location.hash : '';
  const active = (entry: NavEntry) => isEntryActive(entry, location.pathname, hash);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-all duration-300 ${
        scrolled || menuOpen ? 'bg-white/90 shadow-md backdrop-blur-md' : 'bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('nav.homeLink', { siteName: 'Atelier' })}>
          <BrandLogo />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
          {NAV_ENTRIES.map((entry) => (
            <EntryLink
              key={entry.label}
              entry={entry}
              active={active(entry)}
              onNavigate={closeMenu}
              className="rounded-md px-3 py-2 text-sm font-medium transition-colors"
            />
          ))}
        </nav>

        <div className="hidden items-center gap-3 lg:flex">
          {/* First in the group the header's inline end holds, so its coming moves nothing after it. */}
          <LanguageSwitcher />
          <NewsletterBox />
          <Link
            to="/discuss-project"
            className="rounded-full bg-blue-600 px-5 py-2 text-sm font-semibold text-white shadow hover:bg-blue-700"
          >
            {t('nav.getQuote')}
          </Link>
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          <LanguageSwitcher />
          <button
            ref={menuButton}
            type="button"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-md p-2 text-gray-700 hover:text-blue-600"
          >
            <Icon icon={menuOpen ? faXmark : faBars} className="h-5 w-5" />
          </button>
        </div>
      </div>

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="max-h-96 overflow-y-auto border-t border-gray-100 bg-white lg:hidden"
      >
        <nav aria-label={t('nav.mobile')} className="flex flex-col px-4 py-3">
          {NAV_ENTRIES.map((entry) => (
            <EntryLink
              key={entry.label}
              entry={entry}
              active={active(entry)}
              onNavigate={closeMenu}
              className="rounded-md px-3 py-2 text-base font-medium"
            />
          ))}
        </nav>
        <div className="space-y-4 border-t border-gray-100 px-7 py-4">
          <NewsletterForm />
          <Link
            to="/discuss-project"
            className="block rounded-full bg-blue-600 px-5 py-2 text-center text-sm font-semibold text-white hover:bg-blue-700"
          >
            {t('nav.getQuote')}
          </Link>
        </div>
      </div>
    </header>
  );
}
