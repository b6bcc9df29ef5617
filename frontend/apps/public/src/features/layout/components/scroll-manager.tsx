import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HASH_SCROLL_DELAY_MS, scrollToElementId } from '@/lib/scroll';

/** On every route change: scroll to the top, or to the hash target after 100 ms. */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` marks each navigation
  useEffect(() => {
    if (hash.length > 1) {
      const id = decodeURIComponent(hash.slice(1));
      const timer = setTimeout(() => scrollToElementId(id), HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    window.scrollTo({ top: 0, left: 0 });
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
