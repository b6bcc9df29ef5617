import { describe, expect, it } from 'vitest';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { browserForSuite, clickUntilShown } from '../support/browser';

const baseUrl = serverUrl();

/** The page's HTML as the server sends it, before any script runs. */
const rawPage = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
};

/** Text as the server writes it into HTML. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('Pre-rendered pages', () => {
  const browser = browserForSuite({ width: 412, height: 823 });

  it('arrive with their layout and static text already in the HTML', async () => {
    for (const [path, text] of [
      ['/', 'Innovative Software Solutions for Your Business'],
      ['/about', 'About Us'],
      ['/services', 'Our Services'],
      ['/faq', 'Frequently Asked Questions'],
      ['/contact', 'Contact Us'],
    ] as const) {
      const { status, html } = await rawPage(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(text);
      expect(html, path).toContain('aria-label="Main"');
    }
    const missing = await rawPage('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page Not Found');
  });

  it('arrive with a post’s or a project’s title and cover, its cover preloaded', async () => {
    const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const projects = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    const post = posts.blogs[0];
    const project = projects.projects[0];
    if (!post || !project) throw new Error('the seed has no published post or project');
    for (const [path, title, cover] of [
      [`/blog/${post.slug}`, post.title, post.featuredImage],
      [`/project/${project.slug}`, project.title, project.image],
    ] as const) {
      const { status, html } = await rawPage(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`>${escapeHtml(title)}</h1>`);
      expect(html, path).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${cover}" data-head>`,
      );
      expect(html, path).toContain(`<img src="${cover}"`);
    }
  });

  it('arrive with the lists’ whole first page of cards, the first card’s picture preloaded', async () => {
    const posts = await apiGet(baseUrl, '/blog/public/posts', { page: 1, limit: 12 });
    const projects = await apiGet(baseUrl, '/portfolio', {
      page: 1,
      limit: 12,
      status: 'published',
      sort: 'most-recent',
    });
    for (const [path, titles, cover] of [
      ['/blog', posts.blogs.map((post) => post.title), posts.blogs[0]?.featuredImage],
      [
        '/portfolio',
        projects.projects.map((project) => project.title),
        projects.projects[0]?.image,
      ],
    ] as const) {
      if (!cover || titles.length < 2) throw new Error(`the seed has too few records for ${path}`);
      const { status, html } = await rawPage(path);
      expect(status, path).toBe(200);
      const shown = [...html.matchAll(/<h3[^>]*>(?:<a [^>]*>)?([^<]*)</g)].map((match) => match[1]);
      expect(shown, path).toEqual(titles.map(escapeHtml));
      expect(html, path).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${cover}" data-head>`,
      );
      expect(html, path).toContain(`<img src="${cover}"`);
    }
  });

  it('hydrate without an error, show their data and navigate without a reload', async () => {
    const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const post = posts.blogs[0];
    if (!post) throw new Error('the seed has no published post');
    const projects = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    const project = projects.projects[0];
    if (!project) throw new Error('the seed has no published project');
    const { page } = browser();
    const errors: string[] = [];
    page.on('console', (message) => {
      // The not-found page answers 404 on purpose: Chromium reports that status.
      const notFoundDocument = message.location().url === `${baseUrl}/nowhere`;
      if (message.type() === 'error' && !notFoundDocument) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    const pages = ['/', '/portfolio', `/project/${project.slug}`, '/blog', `/blog/${post.slug}`];
    for (const path of [...pages, '/faq', '/nowhere']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${baseUrl}/blog/${post.slug}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();

    // The markup came from the HTML; a click proves React took it over.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await clickUntilShown(page.getByRole('button', { name: 'Open menu' }), menu);
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same document',
    );
    expect(errors).toEqual([]);
  });

  it('embed a blog post’s answer: the page asks for it not at all and sends one page-view beacon', async () => {
    const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const slug = posts.blogs[0]?.slug;
    if (!slug) throw new Error('the seed has no published post');
    const { page } = browser();
    const postRequests: string[] = [];
    const beacons: string[] = [];
    const onRequest = (request: { url: () => string; postData: () => string | null }) => {
      if (request.url().includes(`/api/blog/public/posts/slug/${slug}`)) {
        postRequests.push(request.url());
      }
      if (new URL(request.url()).pathname === '/api/views') beacons.push(request.postData() ?? '');
    };
    page.on('request', onRequest);

    await page.goto(`${baseUrl}/blog/${slug}`);
    await page.locator('article .markdown-body').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);

    // The server embedded the post's answer (and its HTML leaves it out of its early requests);
    // the view is counted by the one page-view beacon, not by a call of its own.
    expect(postRequests).toHaveLength(0);
    // (what the beacon carries is the public app's unit tests' and the API tests' to check)
    expect(beacons).toHaveLength(1);
  });
});
