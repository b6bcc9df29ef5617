import { describe, expect, it } from 'vitest';
import { listKeyTarget } from './list-keys';

describe('listKeyTarget', () => {
  it('moves one step with the arrows and stops at the ends', () => {
    expect(listKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(listKeyTarget('ArrowDown', 2, 3)).toBe(2);
    expect(listKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(listKeyTarget('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps to the first and the last with Home and End', () => {
    expect(listKeyTarget('Home', 2, 3)).toBe(0);
    expect(listKeyTarget('End', 0, 3)).toBe(2);
  });

  it('starts at the first when no item has the focus', () => {
    expect(listKeyTarget('ArrowDown', -1, 3)).toBe(0);
    expect(listKeyTarget('ArrowUp', -1, 3)).toBe(0);
  });

  it('ignores other keys', () => {
    expect(listKeyTarget('Enter', 1, 3)).toBeNull();
    expect(listKeyTarget('a', 1, 3)).toBeNull();
  });
});
