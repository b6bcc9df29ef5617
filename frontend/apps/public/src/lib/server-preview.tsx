import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * The attribute of the element a post's, a project's or a list's pre-rendered page keeps for the
 * preview the server fills in (`@atelier/site/preview`): empty in the build, the record's title and
 * cover (a list's first cards) in the page the server sends.
 */
export const PREVIEW_SLOT = 'data-preview';

let received: { path: string; html: string } | undefined;

/**
 * Keeps the preview the server filled into this page, before React adopts the page: the page's
 * loading state then shows the same markup, so React keeps it as it is (see {@link ServerPreview}).
 */
export const receiveServerPreview = (page: Document = document) => {
  const html = page.querySelector(`[${PREVIEW_SLOT}]`)?.innerHTML ?? '';
  received = html ? { path: page.location.pathname, html } : undefined;
  if (received) keepServerContent();
};

/**
 * Where a post's, a project's or a list's loading state shows the server's preview, on the address
 * the page was loaded at, until the record's (the list's) answer draws the page; empty elsewhere (a
 * page reached by navigating), where the loading state's skeleton that follows shows instead.
 * The stylesheet hides that skeleton while the preview is there.
 */
export function ServerPreview() {
  const { pathname } = useLocation();
  const html = received?.path === pathname ? received.html : '';
  // The server's own markup, kept as it arrived: it holds no script and React never changes it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's preview, escaped there
  return <div {...{ [PREVIEW_SLOT]: '' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Whether the server's content still stands in for the page's own: the page the server wrote keeps
 * it until React has adopted the page; the page React then draws in its place shows the same
 * answers, with the server's renderings of their markdown.
 */
let serverContentKept = false;
const keptListeners = new Set<() => void>();
const subscribeKept = (listener: () => void) => {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
};

/** Lets the page draw its own content in place of the server's. */
const releaseServerContent = () => {
  serverContentKept = false;
  for (const listener of keptListeners) listener();
};

/**
 * True while a page whose content the server wrote (and whose answers it embedded, see
 * `server-data.ts`) must keep drawing its loading state, where `<ServerPreview>` holds that
 * content: while React adopts the pre-rendered page (its markup is the loading state, whatever
 * data is in the cache). Then the page draws itself from the seeded answers, looking the same. False at once on a
 * page reached by navigating.
 */
export const useKeepsServerContent = (): boolean => {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const kept = useSyncExternalStore(
    subscribeKept,
    () => serverContentKept,
    () => true,
  );
  useEffect(() => {
    if (serverContentKept && hydrated) releaseServerContent();
  }, [hydrated]);
  return !hydrated || (kept && received?.path === pathname);
};

/** Marks the page as one whose content the server wrote (called with the preview, before hydrating). */
const keepServerContent = () => {
  serverContentKept = true;
};
