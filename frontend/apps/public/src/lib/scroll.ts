/** Height of the fixed header: anchor targets land this far below the top of the window. */
export const ANCHOR_OFFSET_PX = 70;
/** A hash target is looked up this long after a route change, once the page has rendered. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Smoothly scrolls so that the element with this id sits just below the fixed header. */
export const scrollToElementId = (id: string, offset = ANCHOR_OFFSET_PX): boolean => {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(top, 0), behavior: 'smooth' });
  return true;
};
