import { activateCatalogue, ENGLISH_CATALOGUE } from '@atelier/messages/intl';
import { startCatalogue } from '@atelier/messages/load';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { createSiteRouter } from '../app/router';
import { routes } from '../app/routes';
import { EARLY_REQUESTS_KEY } from '../lib/early-requests';
import { type PageLanguage, ROOT_BASE_ATTRIBUTE } from '../lib/page-language';
import { SERVER_DATA_ID } from '../lib/server-data';
import { receiveServerPreview } from '../lib/server-preview';
import { pageDocument } from './page-document';
import { previewOf } from './page-entries';
import { pagesToRender } from './pages';
import { renderPage } from './render-page';

const GERMAN: PageLanguage = { tag: 'de', basename: '/de' };

/** The site's own links in `html` (not `#main`, `mailto:`, other sites). */
const siteLinks = (html: string) =>
  [...html.matchAll(/href="(\/[^"]*)"/g)].map(([, href]) => href ?? '');

describe('a language page pre-rendered under its prefix', () => {
  it('links every page of the site under /de', async () => {
    const { html } = await renderPage('/blog/:slug', routes, GERMAN);
    const links = siteLinks(html);

    expect(links).toContain('/de');
    expect(links).toContain('/de/blog');
    expect(links).toContain('/de/discuss-project');
    expect(links).toContain('/de#about');
    expect(
      links.filter((href) => href !== '/de' && !href.startsWith('/de/') && href !== '/de#about'),
    ).toEqual([]);
  });

  it('keeps the default language at / as before', async () => {
    const { html } = await renderPage('/blog/:slug');
    const links = siteLinks(html);

    expect(links).toContain('/blog');
    expect(links).toContain('/#about');
    expect(links.some((href) => href.startsWith('/de'))).toBe(false);
  });

  it('draws the previews the server fills in with links under the prefix', () => {
    expect(previewOf('/blog', '/de').card).toContain('href="/de/blog/{{slug}}"');
    expect(previewOf('/blog').card).toContain('href="/blog/{{slug}}"');
  });

  it('says in #root which prefix its links were drawn under', () => {
    const template =
      '<html lang="de"><head><script type="module" crossorigin src="/assets/index.js"></script></head>' +
      '<body><div id="root"></div></body></html>';
    expect(pageDocument(template, '<main></main>', [], undefined, undefined, '/de')).toContain(
      `<div id="root" ${ROOT_BASE_ATTRIBUTE}="/de"><main></main></div>`,
    );
    expect(pageDocument(template, '<main></main>', [])).toContain(
      '<div id="root"><main></main></div>',
    );
  });
});

describe("a language page's early requests", () => {
  const template =
    '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const page = pageDocument(template, '<main></main>', [], {
    pattern: '/blog/:slug',
    requests: [{ path: '/blog/public/posts/slug/:slug', lang: true }, { path: '/tags' }],
  });

  afterEach(() => {
    Reflect.deleteProperty(window, EARLY_REQUESTS_KEY);
    document.getElementById(SERVER_DATA_ID)?.remove();
    document.documentElement.lang = 'en';
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });

  /** Runs the page's inline script at `address` on a page in `lang`, with `embedded` answers. */
  const run = (address: string, lang: string, embedded?: unknown[]) => {
    document.documentElement.lang = lang;
    if (embedded) {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = SERVER_DATA_ID;
      script.textContent = JSON.stringify(embedded);
      document.head.append(script);
    }
    window.history.replaceState(null, '', address);
    const fetches = vi.fn(async (_url: string) => new Response('{}'));
    vi.stubGlobal('fetch', fetches);
    vi.stubGlobal('requestAnimationFrame', vi.fn());
    const script = page.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
    new Function(script.replace('import(entry)', 'void entry'))();
    const early = Reflect.get(window, EARLY_REQUESTS_KEY) as Map<string, unknown>;
    return { urls: fetches.mock.calls.map(([url]) => url), keys: [...early.keys()] };
  };

  it('reads the route after the language and asks the reads that take it in the language', () => {
    expect(run('/de/blog/hallo-welt', 'de')).toEqual({
      urls: ['/api/blog/public/posts/slug/hallo-welt?lang=de', '/api/tags'],
      keys: ['/blog/public/posts/slug/hallo-welt?lang=de', '/tags'],
    });
  });

  it('asks as before on the default language page', () => {
    expect(run('/blog/hello', 'en').urls).toEqual([
      '/api/blog/public/posts/slug/hello',
      '/api/tags',
    ]);
  });

  it('asks nothing the server embedded, with or without the language in its key', () => {
    const post = ['/blog/public/posts/slug/hallo-welt', { lang: 'de' }];
    expect(run('/de/blog/hallo-welt', 'de', [[post, {}]]).urls).toEqual(['/api/tags']);
    Reflect.deleteProperty(window, EARLY_REQUESTS_KEY);
    document.getElementById(SERVER_DATA_ID)?.remove();
    expect(
      run('/de/blog/hallo-welt', 'de', [[['/blog/public/posts/slug/hallo-welt'], {}]]).urls,
    ).toEqual(['/api/tags']);
  });

  it('takes a first segment for a language only when the site lists it', () => {
    const settings = [['/settings'], { languages: [{ tag: 'en' }, { tag: 'de' }] }];
    // `/en/blog/x` on an English page is no language's page: its segments are read as they are.
    expect(run('/en/blog/hello', 'en', [settings]).urls).toEqual([
      '/api/blog/public/posts/slug/blog',
      '/api/tags',
    ]);
  });
});

describe('a German page in the browser under /de', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    document.documentElement.lang = 'en';
    window.history.replaceState(null, '', '/');
    activateCatalogue('en', ENGLISH_CATALOGUE);
    receiveServerPreview();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/de', '/'],
    ['/de/blog', '/blog'],
    ['/de/blog/hallo-welt', '/blog/:slug'],
    ['/de/contact', '/contact'],
    ['/de/project/fintrack', '/project/:slugOrId'],
  ])('%s hydrates the build’s German page without a mismatch', async (address, pattern) => {
    document.documentElement.lang = 'de';
    await startCatalogue();
    const page = pagesToRender().find((candidate) => candidate.pattern === pattern);
    if (!page) throw new Error(`no page ${pattern}`);
    const { html } = await renderPage(page.pattern, routes, GERMAN);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', address);
    receiveServerPreview();
    const { router, pageLoaded } = await createSiteRouter(routes, window.location, '/de');
    expect(pageLoaded).toBe(true);
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} language={GERMAN} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(address);
    const home = container.querySelector('header a');
    expect(home?.getAttribute('href')).toBe('/de');
  });
});
