//! The suggestions of another language a visitor turned down, kept in the browser.

/** The `localStorage` key holding the tags of the languages whose suggestion was dismissed. */
export const DISMISSED_KEY = 'atelier.languageSuggestion.dismissed';

const read = (): string[] => {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
};

/** Whether the visitor dismissed the suggestion of `tag` (in any case). */
export const isDismissed = (tag: string): boolean =>
  read().some((kept) => kept.toLowerCase() === tag.toLowerCase());

/** Remembers that the visitor dismissed the suggestion of `tag`; storage refused, for this page. */
export const dismiss = (tag: string): void => {
  if (isDismissed(tag)) return;
  try {
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...read(), tag].slice(-20)));
  } catch {
    // Storage refused (private mode): the banner stays closed until the next page.
  }
};
