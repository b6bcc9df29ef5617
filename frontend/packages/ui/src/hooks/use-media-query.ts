import { useCallback, useSyncExternalStore } from 'react';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether the CSS media query currently matches; follows changes. False where it cannot tell. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
};

/** Tailwind's `md` breakpoint: 768 px and wider. */
export const MEDIUM_SCREEN_QUERY = '(min-width: 768px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** Tailwind's `lg` breakpoint: 1024 px and wider, the "desktop" of the specification. */
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)';
