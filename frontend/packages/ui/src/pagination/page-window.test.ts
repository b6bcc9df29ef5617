import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres a window of 5 on the current page', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps the window inside the first and last pages', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('offers nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
