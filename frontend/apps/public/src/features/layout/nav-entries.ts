import type { MessageId } from '@atelier/messages/intl';
export interface NavEntry {
  /** The entry's name in the catalogues. */
  label: MessageId;
  /** A route, or `/#about` for the about section of the home page. */
  to: string;
}

export const ABOUT_ENTRY_TARGET = '/#about';

/** The header entries, in order (public-site.md §2, Header). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'nav.home', to: '/' },
  { label: 'nav.about', to: ABOUT_ENTRY_TARGET },
  { label: 'nav.services', to: '/services' },
  { label: 'nav.portfolio', to: '/portfolio' },
  { label: 'nav.blog', to: '/blog' },
  { label: 'nav.contact', to: '/contact' },
];

/** `/` is active only on an exact match, About Us on the home page's #about, others by prefix. */
export const isEntryActive = (entry: NavEntry, pathname: string, hash: string): boolean => {
  if (entry.to === '/') return pathname === '/' && hash !== '#about';
  if (entry.to === ABOUT_ENTRY_TARGET) return pathname === '/' && hash === '#about';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
};
