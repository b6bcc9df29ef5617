/**
 * The page-view beacon (docs/privacy.md): one `navigator.sendBeacon` to `/api/views` for each page
 * a visitor opens, the server-rendered load and each navigation inside the site. It sends the
 * path, the referring site's domain (on the first page only, and never this site's), the page's
 * `utm_source`/`utm_medium`/`utm_campaign` and the browser's language: no cookie, nothing kept in
 * the browser but the visit's first page and source in `sessionStorage`, which the contact forms
 * send along as the lead's attribution. A browser that asks not to be tracked sends nothing.
 */

/** The visit's first page and where it came from, as the forms send it (`attribution`). */
export interface Visit {
  landingPage: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export interface PageView extends Omit<Visit, 'landingPage'> {
  path: string;
  language?: string;
}

const VISIT_KEY = 'atelier.visit';

/** The domain of `referrer` when it is another site's address; nothing for this site or none. */
export const referrerDomain = (referrer: string, host: string): string | undefined => {
  try {
    const url = new URL(referrer);
    return url.host === host || !url.hostname ? undefined : url.hostname;
  } catch {
    return undefined;
  }
};

/** What the beacon sends for the page at `path` with the query `search`. */
export const pageView = (path: string, search: string, referrer?: string, language?: string) => {
  const query = new URLSearchParams(search);
  const view: PageView = { path, referrer, language };
  for (const [param, field] of [
    ['utm_source', 'utmSource'],
    ['utm_medium', 'utmMedium'],
    ['utm_campaign', 'utmCampaign'],
  ] as const) {
    const value = query.get(param)?.trim().slice(0, 100);
    if (value) view[field] = value;
  }
  return view;
};

/** Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
const declines = () =>
  navigator.doNotTrack === '1' ||
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The visit's first page and source, kept for this tab's session; none before the first view. */
export const currentVisit = (): Visit | undefined => {
  try {
    const kept = sessionStorage.getItem(VISIT_KEY);
    return kept ? (JSON.parse(kept) as Visit) : undefined;
  } catch {
    return undefined;
  }
};

/** The visit's first page and source as a form sends them: `{ attribution }`, or nothing. */
export const visitAttribution = (): { attribution?: Visit } => {
  const visit = currentVisit();
  return visit?.landingPage ? { attribution: visit } : {};
};

/** Sends one view and remembers the visit's first page; never throws. */
export const sendPageView = (view: PageView) => {
  if (declines()) return;
  try {
    if (!currentVisit()) {
      const { path, language: _, ...source } = view;
      sessionStorage.setItem(VISIT_KEY, JSON.stringify({ landingPage: path, ...source }));
    }
  } catch {
    // Storage refused (private mode): the view is still counted.
  }
  const body = new Blob([JSON.stringify(view)], { type: 'application/json' });
  navigator.sendBeacon?.('/api/views', body);
};

interface Routed {
  state: { location: { pathname: string; search: string }; navigation: { state: string } };
  subscribe: (
    listener: (state: {
      location: { pathname: string; search: string };
      navigation: { state: string };
    }) => void,
  ) => unknown;
}

/**
 * Sends the first page's view now and one for each later page the router shows; `first` is the
 * page the visitor landed on, when the router may have moved on since (the module loads after the
 * page is drawn).
 */
export const trackPageViews = (
  router: Routed,
  first: { pathname: string; search: string } = router.state.location,
) => {
  let last: string | undefined;
  const show = (location: { pathname: string; search: string }) => {
    if (location.pathname === last) return;
    const first = last === undefined;
    last = location.pathname;
    const referrer = first ? referrerDomain(document.referrer, window.location.host) : undefined;
    sendPageView(pageView(location.pathname, location.search, referrer, navigator.language));
  };
  show(first);
  show(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') show(state.location);
  });
};
