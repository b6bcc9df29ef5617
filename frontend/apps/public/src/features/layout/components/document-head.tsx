import { useGetPageHead } from '@atelier/api-client/api';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { applyHead } from '@/lib/document-head';
import { usePageLanguage } from '@/lib/page-language';

/** A page's head stays the same while the site is open: it changes only with the address. */
const HEAD_STALE_MS = 5 * 60 * 1000;

/**
 * Keeps the document's head (title, description, canonical address, link previews, structured
 * data) that of the address shown. The first page arrives with its head from the server; after
 * each navigation in the browser the server's head for the new address is fetched and put in place.
 */
export function DocumentHead() {
  const { pathname: routed } = useLocation();
  // The server names a page by its whole address, the language's prefix included.
  const { basename } = usePageLanguage();
  const pathname = basename ? `${basename}${routed === '/' ? '' : routed}` : routed;
  const first = useRef(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== first.current) setNavigated(true);
  }, [pathname]);
  const { data } = useGetPageHead(
    { path: pathname },
    { query: { enabled: navigated, staleTime: HEAD_STALE_MS } },
  );
  useEffect(() => {
    if (data) applyHead(data);
  }, [data]);
  return null;
}
