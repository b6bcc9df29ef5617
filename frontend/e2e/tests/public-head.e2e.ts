import { describe, expect, it } from 'vitest';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

/** The page's HTML as the server sends it: no script has run. */
const rawPage = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
};

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

const titleOf = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');

/** The content of the head's `<meta>` with this name or property. */
const metaOf = (html: string, key: string) => {
  const match = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
  return match?.[1] === undefined ? undefined : decode(match[1]);
};

const canonicalOf = (html: string) =>
  html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? undefined;

/** The JSON-LD items of the page. */
const structuredData = (html: string) => {
  const scripts = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ];
  expect(scripts).toHaveLength(1);
  const document = JSON.parse(scripts[0]?.[1] ?? '{}') as { '@graph': { '@type': string }[] };
  return document['@graph'];
};

describe('The head of each page, as the server sends it', () => {
  const browser = browserForSuite({ width: 1280, height: 800 });

  it('names a blog post, describes it and previews it with its picture and structured data', async () => {
    // A seeded post with its own excerpt and picture: other files may publish newer posts without them.
    const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 50 });
    const post = posts.blogs.find((candidate) => candidate.excerpt && candidate.featuredImage);
    if (!post) throw new Error('the seed has no published post with an excerpt and a picture');
    const { status, html } = await rawPage(`/blog/${post.slug}`);

    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`${post.metaTitle || post.title} | Atelier Blog`);
    expect(metaOf(html, 'description')).toBe(post.metaDescription || post.excerpt);
    expect(canonicalOf(html)).toBe(`${baseUrl}/blog/${post.slug}`);
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${baseUrl}/.+\\.(png|jpe?g|webp|gif)$`));
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'article:published_time')).toBeTruthy();
    expect(html).toContain(
      `type="application/rss+xml" title="Atelier Blog" href="${baseUrl}/rss.xml"`,
    );
    expect(structuredData(html).map((item) => item['@type'])).toEqual([
      'Organization',
      'BlogPosting',
      'BreadcrumbList',
    ]);
  });

  it('names every other page uniquely, with the organization on each', async () => {
    const titles = new Set<string>();
    for (const path of ['/', '/about', '/services', '/portfolio', '/blog', '/faq', '/contact']) {
      const { status, html } = await rawPage(path);
      expect(status, path).toBe(200);
      expect(metaOf(html, 'description'), path).toBeTruthy();
      expect(canonicalOf(html), path).toBe(`${baseUrl}${path}`);
      const types = structuredData(html).map((item) => item['@type']);
      expect(types[0], path).toBe('Organization');
      if (path === '/faq') expect(types).toContain('FAQPage');
      titles.add(titleOf(html));
    }
    expect(titles.size).toBe(7);
  });

  it('answers 404 with the not-found page for a draft post', async () => {
    const { status, html } = await rawPage('/blog/our-plans-for-the-year-ahead');

    expect(status).toBe(404);
    expect(html).toContain('Page Not Found');
    expect(metaOf(html, 'robots')).toBe('noindex');
  });

  it('follows the address after navigating in the browser', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/portfolio`);
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Our Portfolio | Atelier');

    const link = page.getByRole('link', { name: /^View Details/ }).first();
    const href = (await link.getAttribute('href')) ?? '';
    const slug = href.replace('/project/', '');
    const project = (await (await fetch(`${baseUrl}/api/portfolio/slug/${slug}`)).json()) as {
      title: string;
    };
    await link.click();
    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${project.title} | Atelier Portfolio`);
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(canonical).toBe(`${baseUrl}/project/${slug}`);
    const data = page.locator('script[type="application/ld+json"]');
    expect(await data.count()).toBe(1);
    expect(await data.textContent()).toContain('"CreativeWork"');
  });
});
