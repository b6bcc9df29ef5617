import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/** Whether the page is scrolled down more than `threshold` pixels. */
export const useScrolledPast = (threshold: number): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
