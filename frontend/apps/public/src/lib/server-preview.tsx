import { useLocation } from 'react-router';

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
