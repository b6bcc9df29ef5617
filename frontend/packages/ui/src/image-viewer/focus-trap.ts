//! Keeping the keyboard's focus inside a dialog.

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * On Tab from the last focusable element of `container`, the focus goes to the first; on
 * Shift+Tab from the first, to the last; elsewhere the browser moves it as usual.
 */
export const keepFocusInside = (
  event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>,
  container: HTMLElement | null,
) => {
  const focusable = Array.from(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
};
