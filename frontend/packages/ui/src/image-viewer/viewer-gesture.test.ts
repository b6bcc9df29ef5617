import { describe, expect, it } from 'vitest';
import { distance } from './viewer-gesture';

describe('distance', () => {
  it('measures the straight line between two pointers', () => {
    expect(distance({ x: 0, y: 0 }, { x: 30, y: 40 })).toBe(50);
    expect(distance({ x: 30, y: 40 }, { x: 0, y: 0 })).toBe(50);
    expect(distance({ x: 5, y: 5 }, { x: 5, y: 5 })).toBe(0);
  });
});
