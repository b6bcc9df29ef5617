import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts a pre-rendered page (markup made at build time, blind to the address's
 * hash, the screen and the visitor's preferences), true from the render right after; true at once
 * when nothing was pre-rendered. Whatever the build could not know waits for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
