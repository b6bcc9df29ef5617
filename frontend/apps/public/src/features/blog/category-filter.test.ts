import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, matchesCategories, toggleCategory } from './category-filter';

describe('toggleCategory', () => {
  it('replaces "all" when a specific category is chosen', () => {
    expect(toggleCategory([ALL_CATEGORIES], 'design')).toEqual(['design']);
  });

  it('adds further categories to the selection', () => {
    expect(toggleCategory(['design'], 'rust')).toEqual(['design', 'rust']);
  });

  it('removes a chosen category when it is chosen again', () => {
    expect(toggleCategory(['design', 'rust'], 'design')).toEqual(['rust']);
  });

  it('returns to "all" when the last category is removed', () => {
    expect(toggleCategory(['design'], 'design')).toEqual([ALL_CATEGORIES]);
  });

  it('makes "all" exclusive when it is chosen', () => {
    expect(toggleCategory(['design', 'rust'], ALL_CATEGORIES)).toEqual([ALL_CATEGORIES]);
  });
});

describe('matchesCategories', () => {
  it('lets every post through "all", even one without a category', () => {
    expect(matchesCategories([ALL_CATEGORIES], null)).toBe(true);
  });

  it('keeps only posts of a selected category', () => {
    expect(matchesCategories(['design', 'rust'], 'rust')).toBe(true);
    expect(matchesCategories(['design'], 'rust')).toBe(false);
    expect(matchesCategories(['design'], null)).toBe(false);
  });
});
