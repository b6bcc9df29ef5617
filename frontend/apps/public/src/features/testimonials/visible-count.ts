/** How many testimonials the carousel shows at once: 3 at 1024 px and wider, 2 at 768+, else 1. */
export const visibleTestimonials = (width: number): number => {
  if (width >= 1024) return 3;
  if (width >= 768) return 2;
  return 1;
};

/** The items shown from `start`, wrapping around the end of the list. */
export const visibleWindow = <T>(items: readonly T[], start: number, count: number): T[] => {
  const shown = Math.min(count, items.length);
  return Array.from({ length: shown }, (_, offset) => items[(start + offset) % items.length] as T);
};
