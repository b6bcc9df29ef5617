import { mkdir } from 'node:fs/promises';
import { takesLang } from '@atelier/api-client/lang';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminCall, adminSession, adminUpdate } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';
import { type Browser, CHROMIUM_ARGS, launchBrowser } from '../support/browser';

const baseUrl = serverUrl();

/** Where to write screenshots of language pages when asked (`PUBLIC_LANGUAGES_SCREENSHOTS=/dir`). */
const SCREENSHOTS = process.env.PUBLIC_LANGUAGES_SCREENSHOTS;

const LANGUAGES = [
  { tag: 'en', name: 'English', direction: 'ltr' },
  { tag: 'de', name: 'Deutsch', direction: 'ltr' },
  { tag: 'ar', name: 'العربية', direction: 'rtl' },
];

interface Post {
  _id: string;
  slug: string;
}

/** A browser whose visitor prefers `languages` (`navigator.languages` and `Accept-Language`). */
const browserPreferring = async (
  languages: string[],
  viewport = { width: 1280, height: 900 },
): Promise<Browser> => {
  const browser = await launchBrowser(viewport);
  await browser.context.addInitScript((preferred: string[]) => {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => preferred });
    Object.defineProperty(Navigator.prototype, 'language', { get: () => preferred[0] });
    // The page's layout shifts, as Chromium reports them (cumulative layout shift).
    const shifts: number[] = [];
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(Reflect.get(entry, 'value') as number);
    }).observe({ type: 'layout-shift', buffered: true });
  }, languages);
  await browser.context.setExtraHTTPHeaders({ 'Accept-Language': languages.join(',') });
  return browser;
};

/** The sum of the page's layout shifts so far. */
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (Reflect.get(window, '__layoutShifts') as number[]).reduce((sum, shift) => sum + shift, 0),
  );

/** The language switcher's button (the header's visible one) and its list. */
const switcher = (page: Page, name: string) => {
  const button = page.getByRole('button', { name, exact: true }).locator('visible=true');
  const list = page
    .getByRole('navigation', { name: /^(Languages|Sprachen)$/ })
    .locator('visible=true');
  return { button, list };
};

/** The switcher's links, `[name, href, aria-current]`, once opened. */
const openSwitcher = async (page: Page, name: string) => {
  const { button, list } = switcher(page, name);
  await button.waitFor();
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  const links = list.getByRole('link');
  return async () =>
    Promise.all(
      (await links.all()).map(async (link) => [
        await link.textContent(),
        await link.getAttribute('href'),
        await link.getAttribute('aria-current'),
      ]),
    );
};

describe('Public site: pages in another language', () => {
  let session: AdminSession;
  let post: Post;
  let untranslated: Post;
  const stamp = Date.now();
  const germanSlug = `hallo-welt-${stamp}`;

  beforeAll(async () => {
    session = await adminSession(baseUrl);
    await adminUpdate(baseUrl, session, 'PUT', '/settings', { languages: LANGUAGES });
    post = await adminCall<Post>(baseUrl, session, 'POST', '/blog/posts', {
      title: `Hello world ${stamp}`,
      content: 'An English paragraph.\n',
      excerpt: 'In English.',
      status: 'published',
      authorName: 'Test Author',
    });
    await adminCall(baseUrl, session, 'PUT', `/translations/post/${post._id}/de`, {
      fields: {
        title: `Hallo Welt ${stamp}`,
        excerpt: 'Auf Deutsch.',
        content: 'Ein deutscher Absatz.\n',
      },
      slug: germanSlug,
      publication: 'published',
    });
    untranslated = await adminCall<Post>(baseUrl, session, 'POST', '/blog/posts', {
      title: `Only in English ${stamp}`,
      content: 'Only an English paragraph.\n',
      excerpt: 'Only in English.',
      status: 'published',
      authorName: 'Test Author',
    });
  });

  afterAll(async () => {
    await adminCall(baseUrl, session, 'DELETE', `/blog/posts/${post._id}`).catch(() => {});
    await adminCall(baseUrl, session, 'DELETE', `/blog/posts/${untranslated._id}`).catch(() => {});
    await adminUpdate(baseUrl, session, 'PUT', '/settings', {
      languages: [LANGUAGES[0]],
      untranslatedContent: 'fallback',
    });
  });

  it('draws a German page in German under /de, and its switcher leads to the post in English', async () => {
    const browser = await browserPreferring(['de-DE', 'de']);
    try {
      const { page } = browser;
      const asked: string[] = [];
      page.on('request', (request) => asked.push(request.url()));
      await page.goto(`${baseUrl}/de/blog/${post.slug}`);

      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
      await nav.getByRole('link', { name: 'Startseite' }).waitFor();
      const navLinks = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(navLinks).toEqual([
        '/de',
        '/de#about',
        '/de/services',
        '/de/portfolio',
        '/de/blog',
        '/de/contact',
      ]);

      const links = await openSwitcher(page, 'Sprache: Deutsch');
      await expect.poll(links).toEqual([
        ['English', `/blog/${post.slug}`, null],
        ['Deutsch', expect.stringMatching(/^\/de\/blog\//), 'true'],
        ['العربية', `/ar/blog/${post.slug}`, null],
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      // The visitor reads the language they prefer: no suggestion.
      expect(await page.getByRole('region', { name: /suggestion|vorschlag/i }).count()).toBe(0);

      // Within /de every address stays under /de: the blog, then a post of its list.
      await page.keyboard.press('Escape');
      await nav.getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(`${baseUrl}/de/blog`);
      await page
        .getByRole('link', { name: new RegExp(`Hallo Welt ${stamp}|Hello world ${stamp}`) })
        .first()
        .click();
      await page.waitForURL(/\/de\/blog\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name: `Hallo Welt ${stamp}` }).waitFor();

      // The post read in German carries its translations: the switcher knows both slugs.
      const onPost = await openSwitcher(page, 'Sprache: Deutsch');
      await expect.poll(onPost).toEqual([
        ['English', `/blog/${post.slug}`, null],
        ['Deutsch', `/de/blog/${germanSlug}`, 'true'],
        ['العربية', `/ar/blog/${post.slug}`, null],
      ]);
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(`${baseUrl}/blog/${post.slug}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');

      // Only the reads the API document says take a language asked in one (the blog's, in
      // German); no other read did.
      const api = asked.filter((url) => url.startsWith(`${baseUrl}/api/`));
      for (const url of api) {
        const { pathname, searchParams } = new URL(url);
        if (takesLang(pathname.slice('/api'.length))) continue;
        expect(searchParams.get('lang'), url).toBeNull();
      }
      expect(
        api.some((url) => url.includes('/api/blog/public/posts?') && url.includes('lang=de')),
      ).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('sends /de/services whole in German and keeps it once hydrated, asking for nothing', async () => {
    const service = await adminCall<{ _id: string }>(baseUrl, session, 'POST', '/services', {
      title: `Web craft ${stamp}`,
      status: 'active',
    });
    const browser = await browserPreferring(['de-DE', 'de']);
    try {
      await adminCall(baseUrl, session, 'PUT', `/translations/service/${service._id}/de`, {
        fields: { title: `Webhandwerk ${stamp}` },
      });
      const html = await (await fetch(`${baseUrl}/de/services`)).text();
      expect(html).toContain(`Webhandwerk ${stamp}`);
      const { page } = browser;
      const asked: string[] = [];
      page.on('request', (request) => asked.push(request.url()));
      await page.goto(`${baseUrl}/de/services`);
      // Hydrated: the switcher is drawn by the app only.
      await switcher(page, 'Sprache: Deutsch').button.waitFor();
      await page.getByRole('heading', { name: `Webhandwerk ${stamp}` }).waitFor();
      expect(await page.getByRole('heading', { name: `Web craft ${stamp}` }).count()).toBe(0);
      expect(asked.filter((url) => url.startsWith(`${baseUrl}/api/services`))).toEqual([]);
    } finally {
      await browser.close();
      await adminCall(baseUrl, session, 'DELETE', `/services/${service._id}`).catch(() => {});
    }
  });

  it('keeps the About page’s and a policy’s English texts marked once hydrated, as the server wrote them', async () => {
    const title = `Who we are ${stamp}`;
    const policy = `Privacy ${stamp}`;
    const about = await adminCall<Record<string, unknown>>(
      baseUrl,
      session,
      'GET',
      '/content/about',
    );
    const privacy = await adminCall<Record<string, unknown>>(
      baseUrl,
      session,
      'GET',
      '/content/privacy',
    );
    const browser = await browserPreferring(['de-DE', 'de']);
    try {
      await adminUpdate(baseUrl, session, 'PUT', '/content/about', { title });
      await adminUpdate(baseUrl, session, 'PUT', '/content/privacy', {
        title: policy,
        content: 'Our English policy.\n',
      });
      const { page } = browser;
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      for (const [path, heading] of [
        ['/de/about', title],
        ['/de/privacy-policy', policy],
      ] as const) {
        // Neither page has a German translation: its own texts are shown in English.
        const html = await (await fetch(`${baseUrl}${path}`)).text();
        expect(html, path).toMatch(new RegExp(`<h1 lang="en"[^>]*>${heading}</h1>`));
        await page.goto(`${baseUrl}${path}`);
        await switcher(page, 'Sprache: Deutsch').button.waitFor();
        const h1 = page.getByRole('heading', { level: 1, name: heading });
        await h1.waitFor();
        expect(await h1.getAttribute('lang'), path).toBe('en');
      }
      expect(problems.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
    } finally {
      await browser.close();
      const { title: aboutTitle } = about;
      const { title: privacyTitle, content } = privacy;
      await adminUpdate(baseUrl, session, 'PUT', '/content/about', { title: aboutTitle });
      await adminUpdate(baseUrl, session, 'PUT', '/content/privacy', {
        title: privacyTitle,
        content,
      });
    }
  });

  it('leads from the English post to its German slug', async () => {
    const browser = await browserPreferring(['en-US', 'en']);
    try {
      const { page } = browser;
      await page.goto(`${baseUrl}/blog/${post.slug}`);
      const links = await openSwitcher(page, 'Language: English');
      await expect.poll(links).toEqual([
        ['English', `/blog/${post.slug}`, 'true'],
        ['Deutsch', `/de/blog/${germanSlug}`, null],
        ['العربية', `/ar/blog/${post.slug}`, null],
      ]);
      await page.getByRole('link', { name: 'Deutsch' }).click();
      await page.waitForURL(`${baseUrl}/de/blog/${germanSlug}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
    } finally {
      await browser.close();
    }
  });

  it('suggests German to a German reader of an English page, never redirects, and stays dismissed', async () => {
    // The server's HTML never holds the suggestion, whatever the browser asks for.
    const html = await (
      await fetch(`${baseUrl}/about`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })
    ).text();
    expect(html).not.toContain('Diese Seite gibt es auch');
    expect(html).not.toContain('Sprachvorschlag');

    const browser = await browserPreferring(['de-DE', 'de', 'en']);
    try {
      const { page } = browser;
      const response = await page.goto(`${baseUrl}/about`);
      expect(response?.status()).toBe(200);
      const banner = page.getByRole('region', { name: 'Sprachvorschlag' });
      await banner.waitFor();
      expect(await banner.getAttribute('lang')).toBe('de');
      expect(await banner.textContent()).toContain('Diese Seite gibt es auch auf Deutsch.');
      expect(
        await banner.getByRole('link', { name: 'Auf Deutsch lesen' }).getAttribute('href'),
      ).toBe('/de/about');
      // It never leads anywhere by itself.
      await page.waitForTimeout(1_000);
      expect(page.url()).toBe(`${baseUrl}/about`);
      // Neither it nor the switcher moves the page (fixed over it; first in the header's end group).
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(await seriousViolations(page)).toEqual([]);

      await banner.getByRole('button', { name: 'Sprachvorschlag schließen' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.goto(`${baseUrl}/services`);
      await switcher(page, 'Language: English').button.waitFor();
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('region', { name: 'Sprachvorschlag' }).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('draws a right-to-left language’s page mirrored, its links under its prefix', async () => {
    const browser = await browserPreferring(['ar']);
    try {
      const { page } = browser;
      await page.goto(`${baseUrl}/ar/about`);
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // Arabic has no catalogue of its own: the interface speaks the default language's words.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => nav.getByRole('link', { name: 'Blog' }).getAttribute('href'))
        .toBe('/ar/blog');
      const links = await openSwitcher(page, 'Language: العربية');
      await expect.poll(links).toEqual([
        ['English', '/about', null],
        ['Deutsch', '/de/about', null],
        ['العربية', '/ar/about', 'true'],
      ]);
      // The list opens at the header's inline end: on a right-to-left page, its left.
      const { list } = switcher(page, 'Language: العربية');
      const box = await list.getByRole('list').boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
    } finally {
      await browser.close();
    }
  });

  it('links only under /de on German pages before any script runs', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const paths = [
        '/de',
        '/de/about',
        '/de/services',
        '/de/portfolio',
        '/de/blog',
        `/de/blog/${germanSlug}`,
        `/de/blog/${untranslated.slug}`,
      ];
      for (const path of paths) {
        const response = await page.goto(`${baseUrl}${path}`);
        expect(response?.status(), path).toBe(200);
        const hrefs = await page
          .locator('a[href^="/"]:not(.markdown-body a)')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        const internal = hrefs.filter((href) => !href.startsWith('//'));
        // The header, the footer and the page's own links at least.
        expect(internal.length, path).toBeGreaterThan(10);
        for (const href of internal) expect(href, `${path}: ${href}`).toMatch(/^\/de(?:[/#?]|$)/);
      }
      // The default language's pages keep their links.
      await page.goto(`${baseUrl}/about`);
      const english = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(english).toContain('/discuss-project');
      expect(english.filter((href) => href.startsWith('/de'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('keeps the notice of a post read in the original language once hydrated', async () => {
    const browser = await browserPreferring(['de-DE', 'de']);
    try {
      const { page } = browser;
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${baseUrl}/de/blog/${untranslated.slug}`);
      // Hydrated: the switcher is drawn by the app only.
      await switcher(page, 'Sprache: Deutsch').button.waitFor();
      await page.getByRole('heading', { level: 1, name: `Only in English ${stamp}` }).waitFor();
      await page.waitForTimeout(500);
      const notice = page.locator('[data-fallback-notice]');
      expect(await notice.count()).toBe(1);
      expect(await notice.getAttribute('lang')).toBe('de');
      expect(await notice.getAttribute('role')).toBe('note');
      expect(await notice.textContent()).toBe(
        'Dieser Beitrag ist noch nicht auf Deutsch verfügbar; er wird in der Originalsprache angezeigt.',
      );
      expect(await page.locator('article[lang="en"]').count()).toBe(1);
      expect(await page.getByRole('link', { name: '← Zurück zu allen Artikeln' }).count()).toBe(1);
      expect(problems.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
      // A post read in German has no notice.
      await page.goto(`${baseUrl}/de/blog/${germanSlug}`);
      await page.getByRole('heading', { level: 1, name: `Hallo Welt ${stamp}` }).waitFor();
      await switcher(page, 'Sprache: Deutsch').button.waitFor();
      expect(await page.locator('[data-fallback-notice]').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it.runIf(SCREENSHOTS)('is photographed at 390 and 1280 px', async () => {
    const folder = SCREENSHOTS ?? '';
    await mkdir(folder, { recursive: true });
    for (const width of [390, 1280]) {
      const browser = await browserPreferring(['en-US'], { width, height: 844 });
      try {
        const { page } = browser;
        await page.goto(`${baseUrl}/de/blog/${post.slug}`);
        await page.getByRole('region', { name: 'Language suggestion' }).waitFor();
        await openSwitcher(page, 'Sprache: Deutsch');
        await page.screenshot({ path: `${folder}/german-${width}.png` });
        await page.goto(`${baseUrl}/ar/about`);
        await openSwitcher(page, 'Language: العربية');
        await page.screenshot({ path: `${folder}/rtl-${width}.png` });
      } finally {
        await browser.close();
      }
    }
  });
});
