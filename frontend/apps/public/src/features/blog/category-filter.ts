/** The category filter's value meaning "every category". */
export const ALL_CATEGORIES = 'all';

/**
 * The multi-select category rule (public-site.md §4): 'all' is exclusive; choosing a specific
 * category removes 'all'; removing the last specific category returns to 'all'.
 */
export const toggleCategory = (selected: readonly string[], category: string): string[] => {
  if (category === ALL_CATEGORIES) return [ALL_CATEGORIES];
  const specific = selected.filter((value) => value !== ALL_CATEGORIES);
  const next = specific.includes(category)
    ? specific.filter((value) => value !== category)
    : [...specific, category];
  return next.length === 0 ? [ALL_CATEGORIES] : next;
};

/** Whether a post in `category` passes the filter. */
export const matchesCategories = (selected: readonly string[], category: string | null) =>
  selected.includes(ALL_CATEGORIES) || (category !== null && selected.includes(category));
