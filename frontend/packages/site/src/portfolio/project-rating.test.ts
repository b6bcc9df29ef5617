import { describe, expect, it } from 'vitest';
import { completionLabel, derivedRating } from './project-rating';

const NOW = new Date('2026-06-01T00:00:00Z');

describe('derivedRating', () => {
  it('starts at 4.8 for a featured project completed this year', () => {
    expect(derivedRating({ featured: true, completedAt: '2026-03-01T00:00:00Z' }, NOW)).toBe(4.8);
  });

  it('starts at 4.5 for a project that is not featured', () => {
    expect(derivedRating({ featured: false, completedAt: '2026-03-01T00:00:00Z' }, NOW)).toBe(4.5);
  });

  it('loses 0.1 per whole year since completion', () => {
    expect(derivedRating({ featured: true, completedAt: '2024-05-01T00:00:00Z' }, NOW)).toBe(4.6);
    expect(derivedRating({ featured: false, completedAt: '2023-05-01T00:00:00Z' }, NOW)).toBe(4.2);
  });

  it('never goes below 4', () => {
    expect(derivedRating({ featured: true, completedAt: '2010-01-01T00:00:00Z' }, NOW)).toBe(4);
    expect(derivedRating({ featured: false, completedAt: '2019-01-01T00:00:00Z' }, NOW)).toBe(4);
  });

  it('uses the base rating when the completion date is unknown', () => {
    expect(derivedRating({ featured: false, completedAt: null }, NOW)).toBe(4.5);
  });
});

describe('completionLabel', () => {
  it('labels a project completed within 2 years "Recent Project"', () => {
    expect(completionLabel('2024-06-02T00:00:00Z', NOW)).toBe('Recent Project');
    expect(completionLabel('2026-05-01T00:00:00Z', NOW)).toBe('Recent Project');
  });

  it('labels an older project "Completed Project"', () => {
    expect(completionLabel('2024-05-01T00:00:00Z', NOW)).toBe('Completed Project');
  });

  it('labels a project without a completion date "Completed Project"', () => {
    expect(completionLabel(null, NOW)).toBe('Completed Project');
  });
});
