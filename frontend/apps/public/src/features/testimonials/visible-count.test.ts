import { describe, expect, it } from 'vitest';
import { visibleTestimonials, visibleWindow } from './visible-count';

describe('visibleTestimonials', () => {
  it('shows 3 at 1024 px and wider', () => {
    expect(visibleTestimonials(1024)).toBe(3);
    expect(visibleTestimonials(1920)).toBe(3);
  });

  it('shows 2 from 768 px to below 1024 px', () => {
    expect(visibleTestimonials(768)).toBe(2);
    expect(visibleTestimonials(1023)).toBe(2);
  });

  it('shows 1 below 768 px', () => {
    expect(visibleTestimonials(767)).toBe(1);
    expect(visibleTestimonials(320)).toBe(1);
  });
});

describe('visibleWindow', () => {
  it('wraps around the end of the list', () => {
    expect(visibleWindow(['a', 'b', 'c', 'd'], 3, 3)).toEqual(['d', 'a', 'b']);
  });

  it('never shows more items than exist', () => {
    expect(visibleWindow(['a', 'b'], 0, 3)).toEqual(['a', 'b']);
  });
});
