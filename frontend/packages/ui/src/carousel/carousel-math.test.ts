import { describe, expect, it } from 'vitest';
import { swipeStep, wrapIndex } from './carousel-math';

describe('wrapIndex', () => {
  it('wraps next after the last slide to the first', () => {
    expect(wrapIndex(3, 3)).toBe(0);
  });

  it('wraps previous before the first slide to the last', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
  });

  it('keeps an index inside the range as it is', () => {
    expect(wrapIndex(1, 3)).toBe(1);
  });

  it('answers 0 when there are no slides', () => {
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('moves to the next slide on a leftward swipe of more than 50 px', () => {
    expect(swipeStep(-51, 3)).toBe(1);
  });

  it('moves to the previous slide on a rightward swipe of more than 50 px', () => {
    expect(swipeStep(51, 3)).toBe(-1);
  });

  it('ignores a swipe of 50 px or less', () => {
    expect(swipeStep(-50, 3)).toBe(0);
    expect(swipeStep(50, 3)).toBe(0);
  });

  it('never moves with a single slide', () => {
    expect(swipeStep(-200, 1)).toBe(0);
  });
});
