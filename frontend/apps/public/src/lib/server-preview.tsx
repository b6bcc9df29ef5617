import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * The attribute of the element a post's, a project's or a list's pre-rendered page keeps for the
 * preview the server fills in (`@atelier/site/preview`): empty in the build, the record's title and
 * cover (a list's first cards) in the page the server sends.
 */
export const PREVIEW_SLOT = 'data-preview';

/** The name of the footer's slot: every page the server sends has its footer written there. */
export const FOOTER_SLOT = 'footer';

/** The attribute of each part of the page's content the server wrote that loads apart (a home section). */
export const SECTION_ATTRIBUTE = 'data-section';

let received:
  | {
      path: string;
      /** The slots' markup by name (`''` for the page's own). */
      slots: Map<string, string>;
      /** The markup of each `data-section` element of the page's slot, by name. */
      sections: Map<string, string>;
    }
  | undefined;

/**
 * Keeps the preview the server filled into this page (and its footer), before React adopts the
 * page: the page's loading state then shows the same markup, so React keeps it as it is (see
 * {@link ServerPreview}).
 */
export const receiveServerPreview = (page: Document = document) => {
  const slots = new Map<string, string>();
  for (const slot of page.querySelectorAll(`[${PREVIEW_SLOT}]`)) {
    const name = slot.getAttribute(PREVIEW_SLOT) ?? '';
    if (!slots.has(name) && slot.innerHTML) slots.set(name, slot.innerHTML);
  }
  const sections = new Map<string, string>();
  for (const section of page.querySelectorAll(`[${PREVIEW_SLOT}=""] [${SECTION_ATTRIBUTE}]`)) {
    sections.set(section.getAttribute(SECTION_ATTRIBUTE) ?? '', section.innerHTML);
  }
  received = slots.size > 0 ? { path: page.location.pathname, slots, sections } : undefined;
  if (received) keepServerContent();
};

/**
 * Where a page's loading state shows the server's preview (`name` empty, the page's own) or the
 * layout shows the server's footer (`name` "footer"), on the address the page was loaded at,
 * until the page draws itself; empty elsewhere (a page reached by navigating), where the loading
 * state's skeleton that follows shows instead. The stylesheet hides that skeleton while the
 * preview is there.
 */
export function ServerPreview({ name = '' }: { name?: string }) {
  const { pathname } = useLocation();
  const html = received?.path === pathname ? (received.slots.get(name) ?? '') : '';
  // The server's own markup, kept as it arrived: it holds no script and React never changes it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's preview, escaped there
  return <div {...{ [PREVIEW_SLOT]: name }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * One part of the page's content the server wrote (a home section, `data-section="{name}"`), while
 * its own code loads after the page drew itself: the server's markup of it, so nothing moves; empty
 * on a page reached by navigating.
 */
export function ServerSection({ name }: { name: string }) {
  const { pathname } = useLocation();
  const html = received?.path === pathname ? (received.sections.get(name) ?? '') : '';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's section, escaped there
  return <div {...{ [SECTION_ATTRIBUTE]: name }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Whether the server's content still stands in for the page's own: the page the server wrote keeps
 * it until React has adopted the page; the page React then draws in its place shows the same
 * answers, with the server's renderings of their markdown.
 */
let serverContentKept = false;
const keptListeners = new Set<() => void>();

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
  // Released in a transition: the page then draws its own content in slices, yielding to the
  // browser between them, instead of in one long task right after hydrating.
  const [kept, setKept] = useState(serverContentKept);
  useEffect(() => {
    if (!kept) return;
    const release = () => startTransition(() => setKept(false));
    keptListeners.add(release);
    if (!serverContentKept) release();
    return () => {
      keptListeners.delete(release);
    };
  }, [kept]);
  useEffect(() => {
    if (serverContentKept && hydrated) releaseServerContent();
  }, [hydrated]);
  return !hydrated || (kept && received?.path === pathname);
};

/** Marks the page as one whose content the server wrote (called with the preview, before hydrating). */
const keepServerContent = () => {
  serverContentKept = true;
};
