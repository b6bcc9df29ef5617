import { describe, expect, it } from 'vitest';
import { completionYear, firstAndRest, namesFor, projectImage } from './project-view';

describe('project view rules', () => {
  it('shows names for known ids and the raw id for unknown ones', () => {
    const names = new Map([['a'.repeat(24), 'React']]);
    expect(namesFor(['a'.repeat(24), 'b'.repeat(24)], names)).toEqual(['React', 'b'.repeat(24)]);
  });

  it('keeps the first few and counts the rest', () => {
    expect(firstAndRest(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(firstAndRest(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });

  it('reads the completion year and falls back to a local image', () => {
    expect(completionYear('2023-06-30T00:00:00Z')).toBe('2023');
    expect(completionYear('')).toBe('');
    expect(projectImage({ image: '' })).toBe('/images/demo/project-1.svg');
  });
});
