import { describe, expect, it } from 'vitest';
import { listRange } from './list-range';

describe('listRange', () => {
  it('counts the rows of a full page and of the shorter last one', () => {
    expect(listRange(45, 1, 20, true)).toEqual({ first: 1, last: 20, totalPages: 3 });
    expect(listRange(45, 3, 20, true)).toEqual({ first: 41, last: 45, totalPages: 3 });
  });

  it('keeps one page for an empty list and shows no rows', () => {
    expect(listRange(0, 1, 20, true)).toEqual({ first: 0, last: 0, totalPages: 1 });
    expect(listRange(0, 1, 20, false)).toEqual({ first: 0, last: 0, totalPages: 1 });
  });

  it('shows every row of an unpaged list on its one page', () => {
    expect(listRange(7, 1, Number.MAX_SAFE_INTEGER, false)).toEqual({
      first: 1,
      last: 7,
      totalPages: 1,
    });
  });

  it('fills an exact number of pages without an empty one', () => {
    expect(listRange(40, 2, 20, true)).toEqual({ first: 21, last: 40, totalPages: 2 });
  });
});
