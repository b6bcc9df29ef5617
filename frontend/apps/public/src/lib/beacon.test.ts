import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentVisit, pageView, referrerDomain, trackPageViews, visitAttribution } from './beacon';

type Listener = (state: {
  location: { pathname: string; search: string };
  navigation: { state: string };
}) => void;

const fakeRouter = (pathname: string, search = '') => {
  const listeners: Listener[] = [];
  return {
    state: { location: { pathname, search }, navigation: { state: 'idle' } },
    subscribe: (listener: Listener) => listeners.push(listener),
    go: (to: string, state = 'idle') =>
      listeners.forEach((listener) => {
        listener({ location: { pathname: to, search: '' }, navigation: { state } });
      }),
  };
};

const sent = (beacon: ReturnType<typeof vi.fn>) =>
  Promise.all(
    beacon.mock.calls.map(async ([url, body]) => [url, JSON.parse(await (body as Blob).text())]),
  );

describe('page-view beacon', () => {
  let beacon: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: beacon,
      language: 'en-GB',
      doNotTrack: null,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the referring domain of another site only', () => {
    expect(referrerDomain('https://www.google.com/search?q=x', 'studio.example')).toBe(
      'www.google.com',
    );
    expect(referrerDomain('https://studio.example/blog', 'studio.example')).toBeUndefined();
    expect(referrerDomain('', 'studio.example')).toBeUndefined();
    expect(referrerDomain('not a url', 'studio.example')).toBeUndefined();
  });

  it('reads the campaign from the address', () => {
    expect(
      pageView('/services', '?utm_source=Mail&utm_medium=email&utm_campaign=winter&x=1'),
    ).toEqual({
      path: '/services',
      referrer: undefined,
      language: undefined,
      utmSource: 'Mail',
      utmMedium: 'email',
      utmCampaign: 'winter',
    });
    expect(pageView('/', '?utm_source=')).not.toHaveProperty('utmSource');
  });

  it('sends the first page with its source, then one view per page the router shows', async () => {
    const router = fakeRouter('/', '?utm_source=news');
    trackPageViews(router);
    router.go('/blog', 'loading');
    router.go('/blog');
    router.go('/blog');
    router.go('/');

    expect(await sent(beacon)).toEqual([
      ['/api/views', { path: '/', utmSource: 'news', language: 'en-GB' }],
      ['/api/views', { path: '/blog', language: 'en-GB' }],
      ['/api/views', { path: '/', language: 'en-GB' }],
    ]);
    expect(currentVisit()).toEqual({ landingPage: '/', utmSource: 'news' });
    expect(visitAttribution()).toEqual({ attribution: { landingPage: '/', utmSource: 'news' } });
  });

  it('counts the landing page first when the router moved on before the beacon loaded', async () => {
    const router = fakeRouter('/blog');
    trackPageViews(router, { pathname: '/', search: '?utm_source=news' });

    expect(await sent(beacon)).toEqual([
      ['/api/views', { path: '/', utmSource: 'news', language: 'en-GB' }],
      ['/api/views', { path: '/blog', language: 'en-GB' }],
    ]);
    expect(currentVisit()).toEqual({ landingPage: '/', utmSource: 'news' });
  });

  it('keeps the visit’s first page for the session', () => {
    sessionStorage.setItem('atelier.visit', JSON.stringify({ landingPage: '/services' }));
    trackPageViews(fakeRouter('/faq'));
    expect(currentVisit()).toEqual({ landingPage: '/services' });
  });

  it('sends nothing for a browser that asks not to be tracked', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon, doNotTrack: '1' });
    trackPageViews(fakeRouter('/'));
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon, globalPrivacyControl: true });
    trackPageViews(fakeRouter('/'));
    expect(beacon).not.toHaveBeenCalled();
    expect(currentVisit()).toBeUndefined();
    expect(visitAttribution()).toEqual({});
  });
});
