export interface NavEntry {
  label: string;
  /** A route, or `/#about` for the about section of the home page. */
  to: string;
}

export const ABOUT_ENTRY_TARGET = '/#about';

/** The header entries, in order (public-site.md §2, Header). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: ABOUT_ENTRY_TARGET },
  { label: 'Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contact', to: '/contact' },
];

/** `/` is active only on an exact match, About Us on the home page's #about, others by prefix. */
export const isEntryActive = (entry: NavEntry, pathname: string, hash: string): boolean => {
  if (entry.to === '/') return pathname === '/' && hash !== '#about';
  if (entry.to === ABOUT_ENTRY_TARGET) return pathname === '/' && hash === '#about';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
};
