/**
 * Stand-ins for browser APIs jsdom lacks (matchMedia, ResizeObserver, IntersectionObserver),
 * for component tests. `setMatchingMedia` decides which media queries match.
 */
let matching = new Set<string>();
const listeners = new Set<() => void>();

/** Makes exactly these media queries match, and tells every listener. */
export const setMatchingMedia = (...queries: string[]): void => {
  matching = new Set(queries);
  for (const listener of listeners) listener();
};

class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

export const installBrowserStubs = (): void => {
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      get matches() {
        return matching.has(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    };
    return list as unknown as MediaQueryList;
  };
  globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
  window.scrollTo = () => {};
};
