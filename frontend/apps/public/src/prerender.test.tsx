import { json } from '@atelier/api-client/test/mock-api';
import { activateCatalogue, ENGLISH_CATALOGUE } from '@atelier/messages/intl';
import { startCatalogue } from '@atelier/messages/load';
import { SERVER_WORDS, type ServerWords } from '@atelier/messages/server-words';
import { POST_COVER_SIZES } from '@atelier/site/post-view';
import { PROJECT_IMAGE_SIZES } from '@atelier/site/project-view';
import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { createSiteRouter } from './app/router';
import { routes } from './app/routes';
import { CARD_IMAGE_SIZES } from './components/list-preview';
import { EARLY_REQUESTS_KEY } from './lib/early-requests';
import { receiveServerPreview } from './lib/server-preview';
import {
  COVER_PAINT_MS,
  COVER_WAIT_MS,
  type ManifestChunk,
  NOT_FOUND_FILE,
  PAGES_FILE,
  type PageEntry,
  pageDocument,
  pageName,
  pagesToRender,
  previewOf,
  renderPage,
  renderSite,
  scriptsFor,
  titleOf,
} from './prerender';
import { englishIn, englishPhrases, visibleText } from './test/english-phrases';
import { makePost, makeProject } from './test/fixtures';

describe('pagesToRender', () => {
  it('lists every route of the table once, dynamic segments as _, and the not-found page', () => {
    expect(pagesToRender()).toEqual([
      { pattern: '/', path: '/', file: 'pages/index.html' },
      { pattern: '/about', path: '/about', file: 'pages/about.html' },
      { pattern: '/services', path: '/services', file: 'pages/services.html' },
      { pattern: '/portfolio', path: '/portfolio', file: 'pages/portfolio.html' },
      { pattern: '/project/:slugOrId', path: '/project/_', file: 'pages/project/_.html' },
      { pattern: '/blog', path: '/blog', file: 'pages/blog.html' },
      { pattern: '/blog/:slug', path: '/blog/_', file: 'pages/blog/_.html' },
      { pattern: '/contact', path: '/contact', file: 'pages/contact.html' },
      { pattern: '/discuss-project', path: '/discuss-project', file: 'pages/discuss-project.html' },
      { pattern: '/custom-service', path: '/custom-service', file: 'pages/custom-service.html' },
      { pattern: '/faq', path: '/faq', file: 'pages/faq.html' },
      { pattern: '/privacy-policy', path: '/privacy-policy', file: 'pages/privacy-policy.html' },
      {
        pattern: '/terms-of-service',
        path: '/terms-of-service',
        file: 'pages/terms-of-service.html',
      },
      { pattern: '/cookie-policy', path: '/cookie-policy', file: 'pages/cookie-policy.html' },
      {
        pattern: '/newsletter/confirm',
        path: '/newsletter/confirm',
        file: 'pages/newsletter/confirm.html',
      },
      {
        pattern: '/newsletter/unsubscribe',
        path: '/newsletter/unsubscribe',
        file: 'pages/newsletter/unsubscribe.html',
      },
      {
        pattern: '/newsletter/confirmed',
        path: '/newsletter/confirmed',
        file: 'pages/newsletter/confirmed.html',
      },
      {
        pattern: '/newsletter/unsubscribed',
        path: '/newsletter/unsubscribed',
        file: 'pages/newsletter/unsubscribed.html',
      },
      {
        pattern: '/newsletter/invalid-link',
        path: '/newsletter/invalid-link',
        file: 'pages/newsletter/invalid-link.html',
      },
      { pattern: '/404', path: '/404', file: NOT_FOUND_FILE },
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
    '<html><head>\n<script type="module" crossorigin src="/assets/index.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js">\n' +
    '<link rel="stylesheet" crossorigin href="/assets/index.css">\n</head>' +
    '<body><div id="root"></div></body></html>';

  /** Runs the page's inline script with `fetch` and the frame timer stubbed. */
  const runLoader = (document: string, address: string, answer: unknown = {}) => {
    const script = document.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1];
    if (!script) throw new Error('no inline script');
    window.history.replaceState(null, '', address);
    const fetches = vi.fn(async (_url: string) => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetches);
    const loaded: { fetches: typeof fetches; afterPaint?: () => void } = { fetches };
    vi.stubGlobal(
      'requestAnimationFrame',
      vi.fn((callback: () => void) => {
        loaded.afterPaint = callback;
      }),
    );
    new Function(script.replace('import(entry)', 'void entry'))();
    return loaded;
  };

  afterEach(() => {
    Reflect.deleteProperty(window, EARLY_REQUESTS_KEY);
    for (const link of document.head.querySelectorAll(
      'link[rel=modulepreload], link[rel=preload]',
    )) {
      link.remove();
    }
    window.history.replaceState(null, '', '/');
  });

  it('puts the markup in #root and keeps only the stylesheet in the head', () => {
    const page = pageDocument(template, '<main>Price: $& $1</main>', [
      'assets/react.js',
      'assets/blog.js',
    ]);

    expect(page).toContain('<div id="root"><main>Price: $& $1</main></div>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(page).not.toContain('<script type="module" crossorigin');
    expect(page).not.toContain('<link rel="modulepreload"');
  });

  it('asks for every script at once, only after the first paint', () => {
    const page = pageDocument(template, '<main></main>', ['assets/react.js', 'assets/blog.js']);
    const { afterPaint } = runLoader(page, '/blog');

    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    vi.useFakeTimers();
    afterPaint?.();
    vi.runAllTimers();
    vi.useRealTimers();
    const preloaded = [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloaded).toEqual(['/assets/react.js', '/assets/blog.js']);
  });

  it('asks for the scripts once the cover the server filled in is drawn', async () => {
    document.body.innerHTML =
      '<div data-preview=""><article><img src="/media/a.png"></article></div>';
    let drawn: () => void = () => {};
    const decode = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          drawn = resolve;
        }),
    );
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      value: decode,
      configurable: true,
    });
    try {
      const page = pageDocument(template, '', ['assets/blog.js']);
      const loaded = runLoader(page, '/blog/designing-apis');

      expect(decode).toHaveBeenCalledOnce();
      expect(loaded.afterPaint).toBeUndefined();
      drawn();
      await vi.waitFor(() => expect(requestAnimationFrame).toHaveBeenCalled());
    } finally {
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
      document.body.innerHTML = '';
    }
  });

  /** A browser that reports its largest paints; `report` hands the observer an entry. */
  const reportingPaints = () => {
    const observed: { report?: (element: Element) => void; disconnected: boolean } = {
      disconnected: false,
    };
    class Observer {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: (list: { getEntries: () => { element: Element }[] }) => void) {
        observed.report = (element) => callback({ getEntries: () => [{ element }] });
      }
      observe() {}
      disconnect() {
        observed.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      value: () => Promise.resolve(),
      configurable: true,
    });
    return observed;
  };

  it('waits until the browser reports the cover as the largest paint', async () => {
    document.body.innerHTML =
      '<div data-preview=""><article><h1>Title</h1><img src="/media/a.png"></article></div>';
    const observed = reportingPaints();
    vi.useFakeTimers();
    try {
      runLoader(pageDocument(template, '', ['assets/blog.js']), '/blog/designing-apis');
      await vi.advanceTimersByTimeAsync(COVER_PAINT_MS - 50);
      observed.report?.(document.querySelector('h1') as Element);
      expect(requestAnimationFrame).not.toHaveBeenCalled();
      observed.report?.(document.querySelector('img') as Element);
      expect(requestAnimationFrame).toHaveBeenCalledOnce();
      expect(observed.disconnected).toBe(true);
      await vi.advanceTimersByTimeAsync(COVER_WAIT_MS);
      expect(requestAnimationFrame).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
      document.body.innerHTML = '';
    }
  });

  it('asks for the scripts shortly after decoding when the cover is never the largest paint', async () => {
    document.body.innerHTML = '<div data-preview=""><img src="/media/a.png"></div>';
    reportingPaints();
    vi.useFakeTimers();
    try {
      runLoader(pageDocument(template, '', []), '/blog/designing-apis');
      await vi.advanceTimersByTimeAsync(COVER_PAINT_MS - 1);
      expect(requestAnimationFrame).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(requestAnimationFrame).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
      document.body.innerHTML = '';
    }
  });

  it('asks for the scripts anyway when the cover takes too long', async () => {
    document.body.innerHTML = '<div data-preview=""><img src="/media/a.png"></div>';
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      value: () => new Promise<void>(() => {}),
      configurable: true,
    });
    vi.useFakeTimers();
    try {
      runLoader(pageDocument(template, '', []), '/blog/designing-apis');
      expect(requestAnimationFrame).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(COVER_WAIT_MS);
      expect(requestAnimationFrame).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
      document.body.innerHTML = '';
    }
  });

  it('sends the early requests at once, with the segments of the address', () => {
    const page = pageDocument(template, '<main></main>', [], {
      pattern: '/project/:slugOrId',
      requests: [{ path: '/portfolio/slug/:slugOrId' }, { path: '/tags' }],
    });
    const { fetches } = runLoader(page, '/project/fintrack-mobile-banking');

    expect(fetches.mock.calls.map(([url]) => url)).toEqual([
      '/api/portfolio/slug/fintrack-mobile-banking',
      '/api/tags',
    ]);
    const early = Reflect.get(window, EARLY_REQUESTS_KEY) as Map<string, unknown>;
    expect([...early.keys()]).toEqual(['/portfolio/slug/fintrack-mobile-banking', '/tags']);
  });

  it('fetches the images an early answer names as soon as it arrives', async () => {
    const page = pageDocument(template, '<main></main>', [], {
      pattern: '/blog/:slug',
      requests: [
        {
          path: '/blog/public/posts/slug/:slug',
          images: [
            { field: 'featuredImage', sizes: '100vw' },
            { field: 'missing', sizes: '100vw' },
          ],
        },
      ],
    });
    runLoader(page, '/blog/designing-apis', { featuredImage: ' /images/demo/blog-1.svg ' });

    await vi.waitFor(() => {
      const preloads = [...document.head.querySelectorAll('link[rel=preload][as=image]')];
      expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
        '/images/demo/blog-1.svg',
      ]);
      expect(preloads[0]?.hasAttribute('imagesrcset')).toBe(false);
    });
    const early = Reflect.get(window, EARLY_REQUESTS_KEY) as Map<string, Promise<Response>>;
    const response = await early.get('/blog/public/posts/slug/designing-apis');
    expect(await response?.json()).toEqual({ featuredImage: ' /images/demo/blog-1.svg ' });
  });

  it('fetches the WebP copy a library image will be drawn from, not its original', async () => {
    const hash = 'e'.repeat(64);
    const page = pageDocument(template, '<main></main>', [], {
      pattern: '/blog/:slug',
      requests: [
        {
          path: '/blog/public/posts/slug/:slug',
          images: [{ field: 'featuredImage', sizes: '(min-width: 48rem) 720px, 100vw' }],
        },
      ],
    });
    const cover = {
      path: `/media/${hash}.jpg`,
      width: 2000,
      height: 1000,
      variants: [480, 960].map((width) => ({ url: `/media/${hash}-${width}w.webp`, width })),
    };
    runLoader(page, '/blog/designing-apis', {
      featuredImage: `https://studio.example/media/${hash}.jpg`,
      images: [cover],
    });

    await vi.waitFor(() => {
      const link = document.head.querySelector('link[rel=preload][as=image]');
      expect(link?.getAttribute('imagesrcset')).toBe(
        `/media/${hash}-480w.webp 480w, /media/${hash}-960w.webp 960w`,
      );
      expect(link?.getAttribute('imagesizes')).toBe('(min-width: 48rem) 720px, 100vw');
      expect(link?.getAttribute('fetchpriority')).toBe('high');
    });
  });

  it('adds no second link for a cover the server already preloads', async () => {
    const page = pageDocument(template, '<main></main>', [], {
      pattern: '/blog/:slug',
      requests: [
        {
          path: '/blog/public/posts/slug/:slug',
          images: [{ field: 'featuredImage', sizes: '100vw' }],
        },
        { path: '/projects/:slug', images: [{ field: 'image', sizes: '100vw' }] },
      ],
    });
    const written = document.createElement('link');
    for (const [name, value] of [
      ['rel', 'preload'],
      ['as', 'image'],
      ['href', '/images/demo/blog-1.svg'],
      ['data-written', ''],
    ] as const) {
      written.setAttribute(name, value);
    }
    document.head.append(written);
    runLoader(page, '/blog/designing-apis', {
      featuredImage: '/images/demo/blog-1.svg',
      image: '/images/demo/project-1.svg',
    });

    await vi.waitFor(() => {
      const preloads = [...document.head.querySelectorAll('link[rel=preload][as=image]')];
      // The other answer's image is new: it gets its link, the written one is not repeated.
      expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
        '/images/demo/blog-1.svg',
        '/images/demo/project-1.svg',
      ]);
      expect(preloads[0]?.hasAttribute('data-written')).toBe(true);
    });
  });

  it('sends nothing early from a page that names no early requests', () => {
    const { fetches } = runLoader(pageDocument(template, '', []), '/about');

    expect(fetches).not.toHaveBeenCalled();
    expect(Reflect.get(window, EARLY_REQUESTS_KEY)).toBeUndefined();
  });

  it('refuses a template without an entry script or an empty #root', () => {
    expect(() => pageDocument('<html><head></head><body></body></html>', '', [])).toThrow();
  });
});

describe('pageName and titleOf', () => {
  it('name a page after its one heading, as the page itself does', async () => {
    const faq = await renderPage('/faq');
    expect(pageName(faq.head, faq.html)).toBe('Frequently Asked Questions');
    const missing = await renderPage('/404');
    expect(pageName(missing.head, missing.html)).toBe('Page Not Found');
    expect(
      pageName({ description: '' }, '<h1 class="a">Terms &amp; <em>Conditions</em></h1>'),
    ).toBe('Terms & Conditions');
    expect(titleOf('/faq', 'Frequently Asked Questions')).toBe(
      'Frequently Asked Questions | Atelier',
    );
  });

  it('take the route’s title where the heading is data or there are several', async () => {
    const home = await renderPage('/');
    expect(pageName(home.head, home.html)).toBe('Innovative Software Solutions');
    expect(titleOf('/', 'Innovative Software Solutions')).toBe(
      'Atelier | Innovative Software Solutions',
    );
    const post = await renderPage('/blog/:slug');
    expect(pageName(post.head, post.html)).toBe('Blog Post');
    expect(pageName({ description: '' }, '<h1>One</h1><h1>Two</h1>')).toBeUndefined();
  });

  it('are escaped into the document with the description', () => {
    const template =
      '<html><head><meta name="description" content="Old" /><title>Atelier</title>\n' +
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '</head><body><div id="root"></div></body></html>';
    const page = pageDocument(template, '', [], undefined, {
      title: 'Tips & <Tricks> | Atelier',
      description: 'Say "hi" & <go>',
    });

    expect(page).toContain('<title>Tips &amp; &lt;Tricks&gt; | Atelier</title>');
    expect(page).toContain(
      '<meta name="description" content="Say &quot;hi&quot; &amp; &lt;go&gt;" />',
    );
    expect(page).not.toContain('<title>Atelier</title>');
    expect(page).not.toContain('content="Old"');
  });
});

describe('renderSite', () => {
  it('lists every page for the server with its name and description', async () => {
    const template =
      '<html><head><meta name="description" content="Old" /><title>Atelier</title>\n' +
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '</head><body><div id="root"></div></body></html>';
    const pageModules = ['home', 'about', 'services', 'portfolio', 'project', 'blog'];
    pageModules.push('blog-post', 'contact', 'discuss-project', 'custom-service', 'faq');
    pageModules.push('policies', 'newsletter', 'not-found');
    const manifest = Object.fromEntries(
      pageModules.map((file) => [`src/app/routes/${file}.tsx`, { file: `assets/${file}.js` }]),
    );
    const files = await renderSite(template, manifest);
    const list = files.find((file) => file.file === PAGES_FILE);
    const { pages, words } = JSON.parse(list?.document ?? '{}') as {
      pages: PageEntry[];
      words: ServerWords;
    };
    // The server's own words in English: the templates it falls back on, every one it needs.
    expect(words.messages).toEqual(SERVER_WORDS);
    expect(words.date).toBe('{month} {day}, {year}');

    expect(pages.map((page) => page.pattern)).toEqual(pagesToRender().map((page) => page.pattern));
    const aboutEntry = pages.find((page) => page.pattern === '/about');
    expect(aboutEntry).toEqual({
      pattern: '/about',
      file: 'pages/about.html',
      name: 'About Us',
      description:
        'Who we are: the mission, vision, values and team behind our custom software, apps and websites.',
      parts: expect.any(Object),
    });
    // The built-in about text (escaped as text) and the stars the server draws ratings with.
    expect(Object.keys(aboutEntry?.parts ?? {}).sort()).toEqual([
      'description',
      'mission',
      'star:empty',
      'star:full',
      'star:half',
      'subtitle',
      'title',
      'value:0',
      'value:1',
      'value:2',
      'value:3',
      'vision',
    ]);
    expect(aboutEntry?.parts?.title).toBe('About Us');
    expect(aboutEntry?.parts?.['star:half']).toMatch(/^<svg[^>]* data-star="half"/);
    expect(
      Object.keys(pages.find((page) => page.pattern === '/project/:slugOrId')?.parts ?? {}),
    ).toEqual(['star:full', 'star:half', 'star:empty']);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
    // The server preloads a post's and a project's cover (a list's first card's picture) at the
    // size their page draws it.
    const covers = pages.filter((page) => page.coverSizes).map((page) => page.pattern);
    expect(covers).toEqual(['/portfolio', '/project/:slugOrId', '/blog', '/blog/:slug']);
    expect(pages.find((page) => page.pattern === '/blog')?.coverSizes).toBe(CARD_IMAGE_SIZES);
    expect(pages.find((page) => page.pattern === '/portfolio')?.coverSizes).toBe(CARD_IMAGE_SIZES);
    expect(pages.find((page) => page.pattern === '/blog/:slug')?.coverSizes).toBe(POST_COVER_SIZES);
    expect(pages.find((page) => page.pattern === '/project/:slugOrId')?.coverSizes).toBe(
      PROJECT_IMAGE_SIZES,
    );
    // And fills in their record's preview: its fields where the placeholders are, its cover in the
    // <img> that names the fallback picture.
    const previews = pages.filter((page) => page.preview).map((page) => page.pattern);
    expect(previews).toEqual(['/portfolio', '/project/:slugOrId', '/blog', '/blog/:slug']);
    const post = pages.find((page) => page.pattern === '/blog/:slug')?.preview ?? '';
    expect(post).toMatch(/<h1[^>]*>\{\{title\}\}<\/h1>/);
    expect(post).toContain('>{{categoryName}}</p>');
    expect(post).toMatch(/<img data-cover="\/images\/demo\/blog-1\.svg"[^>]* fetchPriority="high"/);
    const project = pages.find((page) => page.pattern === '/project/:slugOrId')?.preview ?? '';
    expect(project).toMatch(/<h1[^>]*>\{\{title\}\}<\/h1>/);
    expect(project).toContain('>{{shortDescription}}</p>');
    expect(project).toMatch(/<img data-cover="\/images\/demo\/project-1\.svg" alt="\{\{title\}\}"/);
    // The rest of the article is the server's: labels, rating, facts, overview, side panels.
    for (const name of ['chips', 'rating', 'facts', 'overview', 'aside']) {
      expect(project).toContain(`{{html:${name}}}`);
    }
    expect(project).toContain('Have a Similar Project in Mind?');
    // A list's preview: its first cards, each its card filled in from one record.
    const cards = pages.filter((page) => page.card).map((page) => page.pattern);
    expect(cards).toEqual(['/portfolio', '/blog']);
    for (const list of ['/portfolio', '/blog']) {
      const entry = pages.find((page) => page.pattern === list);
      expect(entry?.preview?.split('{{cards}}')).toHaveLength(2);
      expect(entry?.preview).toMatch(/<div class="grid[^"]*">\{\{cards\}\}<\/div>$/);
      expect(entry?.card).toMatch(
        /^<article[^>]*>(<div class="relative">)?<img data-cover="\/images\/demo\/\w+-1\.svg"/,
      );
      expect(entry?.preview).toContain('>{{count}}</p>');
      expect(entry?.card).toMatch(/<h3[^>]*>(<a[^>]*>)?\{\{title\}\}/);
    }
    const blogCard = pages.find((page) => page.pattern === '/blog')?.card ?? '';
    expect(blogCard).toContain('<a href="/blog/{{slug}}"');
    expect(blogCard).toContain('>{{excerpt}}</p>');
    for (const name of [
      'categoryName',
      'publishedDate',
      'readingTime',
      'authorInitials',
      'authorName',
    ]) {
      expect(blogCard).toContain(`>{{${name}}}</`);
    }
    const projectCard = pages.find((page) => page.pattern === '/portfolio')?.card ?? '';
    expect(projectCard).toContain('>{{category}}</p>');
    expect(projectCard).toContain('>{{summary}}</p>');
    expect(projectCard).toContain('{{html:badge}}</div>');
    expect(projectCard).toContain('{{html:details}}</div></article>');
    for (const file of [
      'pages/blog/_.html',
      'pages/project/_.html',
      'pages/blog.html',
      'pages/portfolio.html',
      'pages/faq.html',
      'pages/about.html',
    ]) {
      const page = files.find((candidate) => candidate.file === file)?.document ?? '';
      expect(page.split('<div data-preview=""></div>')).toHaveLength(2);
    }
    expect(pages.filter((page) => page.index === false).map((page) => page.pattern)).toEqual([
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/newsletter/confirmed',
      '/newsletter/unsubscribed',
      '/newsletter/invalid-link',
    ]);
    const unsubscribe = files.find((file) => file.file === 'pages/newsletter/unsubscribe.html');
    expect(unsubscribe?.document).toMatch(/<form[^>]* method="post"><button type="submit"/);
    const about = files.find((file) => file.file === 'pages/about.html')?.document ?? '';
    expect(about).toContain('<title>About Us | Atelier</title>');
    expect(about).toContain('<meta name="description" content="Who we are: ');
  });

  it('renders every page in German too, in de/, with German interface strings and <html lang="de">', async () => {
    const template =
      '<!doctype html><html lang="en"><head><meta name="description" content="Old" />' +
      '<title>Atelier</title>\n' +
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '</head><body><div id="root"></div></body></html>';
    const pageModules = ['home', 'about', 'services', 'portfolio', 'project', 'blog'];
    pageModules.push('blog-post', 'contact', 'discuss-project', 'custom-service', 'faq');
    pageModules.push('policies', 'newsletter', 'not-found');
    const manifest: Record<string, ManifestChunk> = {
      ...Object.fromEntries(
        pageModules.map((file) => [`src/app/routes/${file}.tsx`, { file: `assets/${file}.js` }]),
      ),
      '../../packages/messages/compiled/de.json': { file: 'assets/de.js' },
    };
    const files = await renderSite(template, manifest, 'de');

    expect(files.map((file) => file.file)).toEqual([
      ...pagesToRender().map((page) => `de/${page.file}`),
      `de/${PAGES_FILE}`,
    ]);
    const contact = files.find((file) => file.file === 'de/pages/contact.html')?.document ?? '';
    expect(contact).toContain('<html lang="de">');
    expect(contact).toContain('<title>Kontakt | Atelier</title>');
    expect(contact).toContain('>Nachricht senden</button>');
    expect(contact).toContain('>Schreiben Sie uns</h2>');
    expect(contact).toContain('Zum Inhalt springen');
    expect(contact).not.toContain('Send Message');
    // The German catalogue's chunk loads with the page's scripts.
    expect(contact).toContain('"/assets/de.js"');
    const { pages } = JSON.parse(
      files.find((file) => file.file === `de/${PAGES_FILE}`)?.document ?? '{}',
    ) as { pages: PageEntry[] };
    expect(pages.find((page) => page.pattern === '/faq')?.name).toBe('Häufige Fragen');
    // The server's own words in German, every one it needs (`server-words.json`).
    const { words } = JSON.parse(
      files.find((file) => file.file === `de/${PAGES_FILE}`)?.document ?? '{}',
    ) as { words: ServerWords };
    expect(Object.keys(words.messages).sort()).toEqual(Object.keys(SERVER_WORDS).sort());
    expect(words.messages['footer.quickLinks']).toBe('Schnellzugriff');
    expect(words.messages['blog.count']).toEqual({
      one: '{count} Artikel',
      other: '{count} Artikel',
    });
    expect(words.date).toBe('{day}. {month} {year}');
    expect(words.months[2]).toBe('März');
    expect(pages.find((page) => page.pattern === '/blog')?.card).toContain('Weiterlesen');
    // No English interface text in any German page or in their list (names, parts, previews):
    // the build has no owner's content, so every English phrase of the catalogue is a leftover.
    const phrases = englishPhrases();
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value
          ? Object.values(value).flatMap(strings)
          : [];
    const leftovers = files.flatMap(({ file, document }) => {
      const texts = file.endsWith('.json') ? strings(JSON.parse(document)) : [document];
      return englishIn(texts.map(visibleText).join('\n'), phrases).map(
        (found) => `${file}: ${found}`,
      );
    });
    expect(leftovers).toEqual([]);

    // English again afterwards, unchanged.
    const english = await renderSite(template, manifest);
    const englishContact = english.find((file) => file.file === 'pages/contact.html');
    expect(englishContact?.document).toContain('<html lang="en">');
    expect(englishContact?.document).toContain('>Send Message</button>');
    expect(englishContact?.document).not.toContain('/assets/de.js');
    // The check above finds English where there is some.
    const englishTerms = english.find((file) => file.file === 'pages/terms-of-service.html');
    expect(englishIn(visibleText(englishTerms?.document ?? ''), phrases)).toEqual(
      expect.arrayContaining(['The terms that apply when you use our site and services.']),
    );
  });
});

describe('renderPage', () => {
  it('draws the home page as the layout around the slots the server writes it and its footer into', async () => {
    const { html, modules, early } = await renderPage('/');

    // The server writes the whole page from the Home page record (content/home.rs) …
    expect(html).toContain(
      '<main id="main" tabindex="-1" class="min-h-screen flex-1 focus:outline-none"><div data-preview=""></div></main>',
    );
    // … and the footer, on every page (content/footer.rs).
    expect(html).toContain('<div data-preview="footer"></div>');
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('Skip to content');
    expect(modules).toEqual(['src/app/routes/home.tsx']);
    expect(early.requests).toEqual([]);
  });

  it('draws a blog post in its loading state, whatever the slug', async () => {
    const { html, modules, early } = await renderPage('/blog/:slug');

    expect(html).not.toContain('Post Not Found');
    expect(modules).toEqual(['src/app/routes/blog-post.tsx']);
    expect(early).toEqual({
      pattern: '/blog/:slug',
      requests: [
        {
          path: '/blog/public/posts/slug/:slug',
          images: [{ field: 'featuredImage', sizes: POST_COVER_SIZES }],
          // The read takes the page's language (`?lang=` on another language's page).
          lang: true,
        },
      ],
    });
  });

  it('names the requests a project page sends first, with the segment they depend on', async () => {
    const { early } = await renderPage('/project/:slugOrId');

    expect(early.requests).toEqual([
      {
        path: '/portfolio/slug/:slugOrId',
        images: [{ field: 'image', sizes: PROJECT_IMAGE_SIZES }],
        lang: true,
      },
      { path: '/technologies?limit=100' },
      { path: '/tags', lang: true },
    ]);
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
    receiveServerPreview();
  });

  /** The page as the browser gets it: `preview` is what the server put in its preview slot. */
  const hydrate = async (
    address: string,
    file: string,
    {
      preview = '',
      answer = () => new Promise<Response>(() => {}),
    }: { preview?: string; answer?: (input: RequestInfo | URL) => Promise<Response> } = {},
  ) => {
    const page = pagesToRender().find((candidate) => candidate.file === file);
    if (!page) throw new Error(`no page ${file}`);
    const { html } = await renderPage(page.pattern);
    vi.stubGlobal('fetch', vi.fn(answer));
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    const slot = '<div data-preview=""></div>';
    if (preview) expect(html).toContain(slot);
    container.innerHTML = html.replace(slot, () => `<div data-preview="">${preview}</div>`);
    document.body.append(container);
    window.history.replaceState(null, '', address);
    receiveServerPreview();
    const { router, pageLoaded } = await createSiteRouter(routes);
    expect(pageLoaded).toBe(true);
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    return { errors, recoverable, router };
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
    ['/newsletter/unsubscribe?token=abc', 'pages/newsletter/unsubscribe.html'],
    ['/newsletter/confirmed', 'pages/newsletter/confirmed.html'],
    ['/no/such/page', NOT_FOUND_FILE],
  ])('%s hydrates %s without a mismatch', async (address, file) => {
    const { errors, recoverable } = await hydrate(address, file);

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['/', 'pages/index.html', 'Startseite'],
    ['/contact', 'pages/contact.html', 'Nachricht senden'],
    ['/blog', 'pages/blog.html', 'Unser Blog'],
    ['/discuss-project', 'pages/discuss-project.html', 'Projekt anfragen'],
  ])('%s hydrates its German page without a mismatch', async (address, file, text) => {
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'de';
    try {
      // As main.tsx does: the page's language from <html lang>, before hydrating.
      expect(await startCatalogue()).toBe('de');
      const { errors, recoverable } = await hydrate(address, file);

      expect(document.body).toHaveTextContent(text);
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      document.documentElement.lang = lang;
      activateCatalogue('en', ENGLISH_CATALOGUE);
    }
  });

  /** A preview as the server fills it in (crates/adapters-http/src/site/preview.rs). */
  const filled = (pattern: string, fields: Record<string, string>, cover: string) =>
    (previewOf(pattern).preview ?? '')
      .replace(/\{\{(\w+)\}\}/g, (_, name: string) => fields[name] ?? '')
      .replace(/data-cover="[^"]*"/, `src="${cover}" width="1600" height="900"`);

  it.each([
    [
      '/blog/designing-apis',
      'pages/blog/_.html',
      filled(
        '/blog/:slug',
        { title: 'Designing APIs', categoryName: 'Engineering' },
        '/media/cover.jpg',
      ),
    ],
    [
      '/project/fintrack-mobile-banking',
      'pages/project/_.html',
      filled(
        '/project/:slugOrId',
        { title: 'Designing APIs', category: 'Fintech', shortDescription: 'A bank.' },
        '/media/cover.jpg',
      ),
    ],
  ])(
    '%s keeps the preview the server filled in until its answer draws the page',
    async (address, file, preview) => {
      let answer: (record: unknown) => void = () => {};
      const pending = new Promise<unknown>((resolve) => {
        answer = resolve;
      });
      const { errors, recoverable } = await hydrate(address, file, {
        preview,
        answer: (input) =>
          (input instanceof Request ? input.url : String(input)).includes('/slug/')
            ? pending.then((record) => json(200, record))
            : new Promise<Response>(() => {}),
      });

      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      const heading = screen.getByRole('heading', { level: 1, name: 'Designing APIs' });
      const slot = heading.closest('[data-preview]');
      const parsed = document.createElement('div');
      parsed.innerHTML = preview;
      expect(slot?.innerHTML).toBe(parsed.innerHTML);
      const cover = slot?.querySelector('img');
      expect(cover?.getAttribute('src')).toBe('/media/cover.jpg');
      expect(cover).toHaveAttribute('fetchpriority', 'high');
      expect(cover).not.toHaveAttribute('loading', 'lazy');

      const record = address.startsWith('/blog')
        ? makePost({ slug: 'designing-apis', title: 'Designing APIs v2' })
        : makeProject({ slug: 'fintrack-mobile-banking', title: 'Designing APIs v2' });
      await act(async () => answer(record));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Designing APIs v2' }),
      ).toBeInTheDocument();
      expect(document.querySelector('[data-preview]')).toBeNull();
    },
  );

  /** A list's preview as the server fills it in: one card per record. */
  const filledList = (pattern: string, records: Record<string, string>[], cover: string) => {
    const { preview = '', card = '' } = previewOf(pattern);
    const cards = records
      .map((fields) =>
        card
          .replace(/\{\{(\w+)\}\}/g, (_, name: string) => fields[name] ?? '')
          .replace(/data-cover="[^"]*"/, `src="${cover}"`),
      )
      .join('');
    return preview.replace('{{cards}}', () => cards);
  };

  it.each([
    [
      '/blog',
      [
        { title: 'Designing APIs', slug: 'designing-apis', excerpt: 'Names.' },
        { title: 'Second Post', slug: 'second-post', excerpt: 'More.' },
      ],
      'blog-card',
    ],
    [
      '/portfolio',
      [
        { title: 'Designing APIs', category: 'Fintech', summary: 'A bank.' },
        { title: 'Second Project', category: '', summary: 'More.' },
      ],
      'project-card',
    ],
  ])(
    '%s keeps the first cards the server filled in until the list draws the page',
    async (address, records: Record<string, string>[], testId) => {
      const file = `pages${address}.html`;
      const preview = filledList(address, records, '/media/cover.jpg');
      let answer: (list: unknown) => void = () => {};
      const pending = new Promise<unknown>((resolve) => {
        answer = resolve;
      });
      const list = /\/api\/(blog\/public\/posts|portfolio)\?/;
      const { errors, recoverable } = await hydrate(address, file, {
        preview,
        answer: (input) =>
          list.test(input instanceof Request ? input.url : String(input))
            ? pending.then((body) => json(200, body))
            : new Promise<Response>(() => {}),
      });

      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      const heading = screen.getByRole('heading', { level: 3, name: 'Designing APIs' });
      const slot = heading.closest('[data-preview]');
      const parsed = document.createElement('div');
      parsed.innerHTML = preview;
      expect(slot?.innerHTML).toBe(parsed.innerHTML);
      expect(slot?.querySelectorAll('article')).toHaveLength(2);
      expect(slot?.querySelector('img')?.getAttribute('src')).toBe('/media/cover.jpg');
      expect(screen.queryAllByTestId(testId)).toHaveLength(0);

      const page = { totalItems: 1, totalPages: 1, currentPage: 1 };
      await act(async () =>
        answer(
          address === '/blog'
            ? { ...page, blogs: [makePost({ title: 'Designing APIs v2' })] }
            : { ...page, projects: [makeProject({ title: 'Designing APIs v2' })] },
        ),
      );
      expect(await screen.findAllByTestId(testId)).toHaveLength(1);
      expect(
        screen.getByRole('heading', { level: 3, name: /Designing APIs v2/ }),
      ).toBeInTheDocument();
      expect(document.querySelector('[data-preview]')).toBeNull();
    },
  );

  it('shows no preview on a page reached by navigating', async () => {
    const preview = filled('/blog/:slug', { title: 'Designing APIs', categoryName: '' }, '/a.png');
    const { router } = await hydrate('/blog/designing-apis', 'pages/blog/_.html', { preview });
    expect(screen.getByRole('heading', { level: 1, name: 'Designing APIs' })).toBeInTheDocument();

    await act(async () => {
      await router.navigate('/blog/another-post');
    });
    const slot = document.querySelector('[data-preview]');
    expect(slot?.innerHTML).toBe('');
    expect(screen.getByRole('status', { name: 'Loading post' })).toBeInTheDocument();
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
