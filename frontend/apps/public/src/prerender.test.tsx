import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { createSiteRouter } from './app/router';
import { routes } from './app/routes';
import {
  type ManifestChunk,
  NOT_FOUND_FILE,
  pageDocument,
  pagesToRender,
  renderPage,
  scriptsFor,
} from './prerender';
import { never } from './test/mock-api';

describe('pagesToRender', () => {
  it('lists every route of the table once, dynamic segments as _, and the not-found page', () => {
    expect(pagesToRender()).toEqual([
      { path: '/', file: 'pages/index.html' },
      { path: '/about', file: 'pages/about.html' },
      { path: '/services', file: 'pages/services.html' },
      { path: '/portfolio', file: 'pages/portfolio.html' },
      { path: '/project/_', file: 'pages/project/_.html' },
      { path: '/blog', file: 'pages/blog.html' },
      { path: '/blog/_', file: 'pages/blog/_.html' },
      { path: '/contact', file: 'pages/contact.html' },
      { path: '/discuss-project', file: 'pages/discuss-project.html' },
      { path: '/custom-service', file: 'pages/custom-service.html' },
      { path: '/faq', file: 'pages/faq.html' },
      { path: '/privacy-policy', file: 'pages/privacy-policy.html' },
      { path: '/terms-of-service', file: 'pages/terms-of-service.html' },
      { path: '/cookie-policy', file: 'pages/cookie-policy.html' },
      { path: '/404', file: NOT_FOUND_FILE },
    ]);
  });

  it('follows nested routes', () => {
    const table = [
      { path: 'docs', children: [{ index: true }, { path: ':page/edit' }] },
      { path: '*' },
    ];
    expect(pagesToRender(table).map((page) => page.file)).toEqual([
      'pages/docs.html',
      'pages/docs/_/edit.html',
      NOT_FOUND_FILE,
    ]);
  });
});

describe('scriptsFor', () => {
  const manifest: Record<string, ManifestChunk> = {
    'src/app/routes/blog.tsx': { file: 'assets/blog.js', imports: ['_card.js', '_react.js'] },
    'src/app/routes/faq.tsx': { file: 'assets/faq.js', imports: ['_react.js'] },
    '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
  };

  it('gives the modules’ files and everything they import, each once', () => {
    expect(scriptsFor(manifest, ['src/app/routes/blog.tsx', 'src/app/routes/faq.tsx'])).toEqual([
      'assets/blog.js',
      'assets/card.js',
      'assets/react.js',
      'assets/faq.js',
    ]);
  });

  it('refuses a module the build does not know', () => {
    expect(() => scriptsFor(manifest, ['src/app/routes/gone.tsx'])).toThrow(/no src\/app/);
  });
});

describe('pageDocument', () => {
  const template =
    '<html><head><script type="module" src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js"></head>' +
    '<body><div id="root"></div></body></html>';

  it('puts the markup in #root and preloads the scripts the template does not load', () => {
    const document = pageDocument(template, '<main>Price: $& $1</main>', [
      'assets/react.js',
      'assets/blog.js',
    ]);

    expect(document).toContain('<div id="root"><main>Price: $& $1</main></div>');
    expect(document).toContain('<link rel="modulepreload" crossorigin href="/assets/blog.js"></head>');
    expect(document.match(/assets\/react\.js/g)).toHaveLength(1);
  });

  it('refuses a template without an empty #root', () => {
    expect(() => pageDocument('<html><head></head><body></body></html>', '', [])).toThrow();
  });
});

describe('renderPage', () => {
  it('draws the home page with its static text and the layout, data still to come', async () => {
    const { html, modules } = await renderPage('/');

    expect(html).toContain('Innovative Software Solutions for Your Business');
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('Skip to content');
    expect(modules).toEqual(['src/app/routes/home.tsx']);
  });

  it('draws a blog post in its loading state, whatever the slug', async () => {
    const { html, modules } = await renderPage('/blog/_');

    expect(html).not.toContain('Post Not Found');
    expect(modules).toEqual(['src/app/routes/blog-post.tsx']);
  });

  it('draws the not-found page for an address no route matches', async () => {
    const { html, modules } = await renderPage('/404');

    expect(html).toContain('Page Not Found');
    expect(modules).toEqual(['src/app/routes/not-found.tsx']);
  });
});

describe('a pre-rendered page in the browser', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  const hydrate = async (address: string, file: string) => {
    const page = pagesToRender().find((candidate) => candidate.file === file);
    if (!page) throw new Error(`no page ${file}`);
    const { html } = await renderPage(page.path);
    vi.stubGlobal('fetch', vi.fn(never));
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', address);
    const router = await createSiteRouter(routes);
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    return { errors, recoverable };
  };

  it.each([
    ['/', 'pages/index.html'],
    ['/about', 'pages/about.html'],
    ['/services', 'pages/services.html'],
    ['/portfolio', 'pages/portfolio.html'],
    ['/project/fintrack-mobile-banking', 'pages/project/_.html'],
    ['/blog', 'pages/blog.html'],
    ['/blog/designing-apis', 'pages/blog/_.html'],
    ['/contact', 'pages/contact.html'],
    ['/discuss-project', 'pages/discuss-project.html'],
    ['/custom-service', 'pages/custom-service.html'],
    ['/faq', 'pages/faq.html'],
    ['/privacy-policy', 'pages/privacy-policy.html'],
    ['/terms-of-service', 'pages/terms-of-service.html'],
    ['/cookie-policy', 'pages/cookie-policy.html'],
    ['/no/such/page', NOT_FOUND_FILE],
  ])('%s hydrates %s without a mismatch', async (address, file) => {
    const { errors, recoverable } = await hydrate(address, file);

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('lights About Us up after hydrating the home page at #about', async () => {
    const { errors, recoverable } = await hydrate('/#about', 'pages/index.html');

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveClass('text-blue-600');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('text-blue-600');
  });
});
