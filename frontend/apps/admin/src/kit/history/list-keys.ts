//! Keyboard moves in a vertical list of buttons.

/**
 * The index a key moves the focus to in a list of `count` items from `at` (-1 when none has it):
 * Up/Down one step, stopping at the ends, Home the first, End the last; null for any other key.
 */
export const listKeyTarget = (key: string, at: number, count: number): number | null => {
  const last = count - 1;
  return key === 'ArrowDown'
    ? Math.min(last, at + 1)
    : key === 'ArrowUp'
      ? Math.max(0, at - 1)
      : key === 'Home'
        ? 0
        : key === 'End'
          ? last
          : null;
};
