/** A horizontal swipe longer than this moves one slide. */
export const SWIPE_THRESHOLD_PX = 50;

/** `index` moved into 0..count-1, wrapping at both ends (0 when there is nothing). */
export const wrapIndex = (index: number, count: number): number =>
  count <= 0 ? 0 : ((index % count) + count) % count;

/**
 * What a horizontal swipe of `distance` px (end minus start) does: more than 50 px leftward is
 * next (+1), more than 50 px rightward is previous (-1), anything else nothing (0). With one slide
 * or none, a swipe never moves.
 */
export const swipeStep = (distance: number, count: number): -1 | 0 | 1 => {
  if (count <= 1) return 0;
  if (distance < -SWIPE_THRESHOLD_PX) return 1;
  if (distance > SWIPE_THRESHOLD_PX) return -1;
  return 0;
};
