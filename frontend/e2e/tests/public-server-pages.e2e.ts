import { chromium, type Page, type Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { CHROMIUM_ARGS } from '../support/browser';

const baseUrl = serverUrl();

/**
 * The pages whose content the server writes into its HTML (crates/adapters-http/src/site/content/),
 * each with what a visitor reads there, from the API as a visitor's script would read it.
 */
const serverPages = async () => {
  const services = await apiGet(baseUrl, '/services', { status: 'active' });
  if (services.length < 3) throw new Error('the seed has too few services');
  const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
  const post = posts.blogs[0];
  if (!post) throw new Error('the seed has no published post');
  // The post's title, then the headings of its text (level two, as markdown writes them).
  const postHeadings = [...post.content.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');
  if (postHeadings.length < 2) throw new Error('the seeded post has too few headings');
  // The policy pages, as the demo stores them (the title, then the headings of their text).
  const policies = await Promise.all(
    (
      [
        ['/privacy-policy', 'privacy', 'Privacy Policy'],
        ['/terms-of-service', 'terms', 'Terms of Service'],
        ['/cookie-policy', 'cookies', 'Cookie Policy'],
      ] as const
    ).map(async ([path, type, builtInTitle]) => {
      const response = await fetch(`${baseUrl}/api/content/${type}`);
      if (!response.ok) throw new Error(`the seed has no ${type} page`);
      const policy = (await response.json()) as { title: string; content: string };
      const headings = [...policy.content.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');
      if (headings.length < 2) throw new Error(`the seeded ${type} page has too few headings`);
      return {
        path,
        // The title band, not the hidden stand-in's that follows the server's content.
        cards:
          ':not([data-preview] + div) > section h1, article p.text-sm, article .markdown-body h2',
        texts: [policy.title, ...headings],
        count: 2 + headings.length,
        answers: [`/api/content/${type}`],
        loading: `Loading ${builtInTitle}`,
      };
    }),
  );
  // /faq: every active question, in the page's order (the API's, as `sortFaqs` keeps it).
  const faqs = (await apiGet(baseUrl, '/faqs', { status: 'active', limit: 100 })).data;
  if (faqs.length < 5) throw new Error('the seed has too few FAQs');
  // /about: the stored text (the built-in title when none), the team and the testimonials.
  const aboutResponse = await fetch(`${baseUrl}/api/content/about`);
  const about = aboutResponse.ok
    ? ((await aboutResponse.json()) as { title: string; values: string[] })
    : undefined;
  const team = (await apiGet(baseUrl, '/team', { status: 'active', limit: 100 })).teamMembers;
  const testimonials = (await apiGet(baseUrl, '/testimonials', { status: 'approved', limit: 30 }))
    .testimonials;
  if (team.length === 0 || testimonials.length === 0) throw new Error('the seed has no team');
  const values = about?.values.map((value) => value.trim()).filter(Boolean) ?? [];
  // A project with technologies and tags, and the lists' first pages.
  const projects = (
    await apiGet(baseUrl, '/portfolio', {
      page: 1,
      limit: 12,
      status: 'published',
      sort: 'most-recent',
    })
  ).projects;
  const project = projects.find(
    (candidate) => candidate.technologies.length > 0 && candidate.tags.length > 0,
  );
  if (!project) throw new Error('the seed has no project with technologies and tags');
  const blog = (await apiGet(baseUrl, '/blog/public/posts', { page: 1, limit: 12 })).blogs;
  return [
    ...policies,
    {
      path: '/faq',
      cards: '[data-testid="faq-item"]',
      texts: faqs.map((faq) => faq.question),
      count: faqs.length,
      answers: ['/api/faqs'],
      loading: 'Loading questions',
      // Without scripts no button opens an answer: the page shows them open.
      // Its first words, up to the first markdown mark.
      readable: [faqs[0]?.answer.split(/[*_`#>[\n]/)[0]?.trim() ?? ''],
    },
    {
      path: '/about',
      cards:
        ':not([data-preview] + div) > section h1, section li h3, [data-testid="testimonial-card"]',
      texts: [
        ...(about?.title.trim() ? [about.title.trim()] : []),
        'Meet Our Team',
        ...team.map((member) => member.name),
        'What Our Clients Say',
      ],
      count: 1 + (values.length || 4) + team.length + testimonials.length,
      answers: ['/api/content/about', '/api/team', '/api/testimonials'],
      loading: 'Loading about us',
      readable: testimonials.map((testimonial) => testimonial.name),
    },
    {
      path: `/project/${project.slug}`,
      cards: 'article h1, article h2[id^="project-"], article dl',
      texts: [project.title, 'Project Overview', 'Technologies', 'Tags'],
      count: 1 + 4 + (project.demoUrl || project.githubUrl ? 1 : 0) + 2,
      answers: [`/api/portfolio/slug/${project.slug}`, '/api/technologies', '/api/tags'],
      loading: 'Loading project',
      readable: [project.client],
    },
    {
      path: '/blog',
      cards: 'article h3',
      texts: blog.map((post) => post.title),
      count: blog.length,
      answers: ['/api/blog/public/posts', '/api/blog/categories'],
      loading: 'Loading blog posts',
    },
    {
      path: '/portfolio',
      cards: 'article h3',
      texts: projects.map((item) => item.title),
      count: projects.length,
      answers: ['/api/portfolio', '/api/technologies', '/api/tags'],
      loading: 'Loading projects',
    },
    {
      path: `/blog/${post.slug}`,
      cards: 'article h1, article .markdown-body h2, article img',
      texts: [post.title, ...postHeadings],
      count: 2 + postHeadings.length,
      answers: [`/api/blog/public/posts/slug/${post.slug}`],
      loading: 'Loading post',
    },
    {
      path: '/services',
      cards: '[data-testid="service-card"]',
      texts: services.map((service) => service.title),
      count: services.length,
      answers: ['/api/services', '/api/settings'],
      loading: 'Loading services',
    },
  ];
};

/** What every page's footer reads: embedded with the footer the server writes into each page. */
const FOOTER_ANSWERS = ['/api/settings', '/api/contact-details', '/api/home-page'];

/** What the home page's sections read first, embedded with the page besides the footer's. */
const HOME_ANSWERS = [
  ...FOOTER_ANSWERS,
  '/api/services/featured',
  '/api/content/about',
  '/api/faqs',
  '/api/testimonials',
  // The portfolio's and the blog's cards, with the names the project cards show.
  '/api/portfolio',
  '/api/blog/public/posts',
  '/api/technologies',
  '/api/tags',
];

/** The titles of the cards the home page's portfolio and blog sections show, in their order. */
const homeCards = async () => {
  const projects = (
    await apiGet(baseUrl, '/portfolio', { sort: 'featured', limit: 6, status: 'published' })
  ).projects.map((project) => project.title);
  const posts = (
    await apiGet(baseUrl, '/blog/public/posts', { page: 1, limit: 6, status: 'published' })
  ).blogs.map((post) => post.title);
  if (projects.length === 0 || posts.length === 0) throw new Error('the seed has no cards');
  return { projects, posts };
};

const MOBILE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 900 };

interface HomeRecord {
  hero: { title: string; links: { label: string }[] };
  sections: {
    key: string;
    visible: boolean;
    order: number;
    heading: string;
    items: { title: string }[];
  }[];
}

/** The headings a visitor reads on the home page: the hero's, then each shown section's. */
const homeHeadings = async () => {
  const home = (await (await fetch(`${baseUrl}/api/home-page`)).json()) as HomeRecord;
  const contact = (await (await fetch(`${baseUrl}/api/contact-details`)).json()) as {
    email: string;
  };
  const about = (await (await fetch(`${baseUrl}/api/content/about`)).json()) as { title: string };
  /** Each heading, and whether the page shows it on wide screens only. */
  const headings: { text: string; wide: boolean }[] = [];
  for (const section of [...home.sections]
    .filter((shown) => shown.visible)
    .sort((a, b) => a.order - b.order)) {
    const wide = ['features', 'why-choose-us', 'why-hire'].includes(section.key);
    // The features strip's items are its headings; About's is the About page's title.
    if (section.key === 'features')
      headings.push(...section.items.map((item) => ({ text: item.title, wide })));
    else if (section.key === 'about') headings.push({ text: about.title, wide });
    else if (section.heading) headings.push({ text: section.heading, wide });
  }
  return { title: home.hero.title, headings, email: contact.email };
};

describe('Pages the server writes', () => {
  let browser: PlaywrightBrowser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const newPage = async (javaScriptEnabled: boolean): Promise<Page> => {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ javaScriptEnabled, viewport: MOBILE });
    return context.newPage();
  };

  it('are read whole with scripts off', async () => {
    const page = await newPage(false);
    for (const { path, texts, loading, readable } of await serverPages()) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      for (const text of texts) {
        expect(
          await page.getByRole('heading', { name: text, exact: true }).isVisible(),
          `${path}: ${text}`,
        ).toBe(true);
      }
      for (const text of readable ?? []) {
        expect(await page.getByText(text).first().isVisible(), `${path}: ${text}`).toBe(true);
      }
      // The loading state's stand-in is hidden while the server's content is there.
      const standIn = page.locator(`[role="status"][aria-label="${loading}"]`);
      expect(await standIn.count(), path).toBe(1);
      expect(await standIn.isVisible(), path).toBe(false);
    }
    await page.context().close();
  });

  it('are adopted without a hydration error, a request for their data or anything moving', async () => {
    for (const { path, cards, count, answers } of await serverPages()) {
      const page = await newPage(true);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const asked: string[] = [];
      const embedded = [...answers, ...FOOTER_ANSWERS];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && embedded.includes(url.pathname))
          asked.push(url.pathname + url.search);
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The page's scripts wait until the cards the server wrote have been measured.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const entry = html.match(/const entry = "([^"]+)";/)?.[1];
      if (!entry) throw new Error(`${path} has no entry script`);
      await page.route(`${baseUrl}${entry}`, async (route) => {
        await held;
        await route.continue();
      });

      await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const boxes = () =>
        page.locator(cards).evaluateAll((elements) =>
          elements.map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          }),
        );
      const inRegion = page.locator(`[data-preview=""] :is(${cards})`);
      expect(await inRegion.count(), path).toBe(count);
      const before = await boxes();
      release();

      // React's page replaces the server's cards with its own.
      await expect.poll(() => inRegion.count()).toBe(0);
      await expect.poll(() => page.locator(cards).count()).toBe(count);
      await page.waitForLoadState('networkidle');
      expect(await boxes(), path).toEqual(before);
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(
        shifts.reduce((sum, value) => sum + value, 0),
        path,
      ).toBe(0);
      expect(errors, path).toEqual([]);
      expect(asked, `${path} asked for what the page embeds`).toEqual([]);
      await page.context().close();
    }
    // Every server page in turn, each in a fresh tab: longer than one page's test.
  }, 90_000);

  it('reads the home page and its footer whole with scripts off, on a phone and a desktop', async () => {
    if (!browser) throw new Error('no browser');
    const { title, headings, email } = await homeHeadings();
    const cards = await homeCards();
    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}/`);
      expect(response?.status()).toBe(200);
      const hero = page.getByRole('heading', { level: 1, name: title, exact: true });
      expect(await hero.isVisible()).toBe(true);
      // The features strip and the two "why" sections are for wide screens, as the page draws them.
      for (const { text } of headings.filter(({ wide }) => viewport === DESKTOP || !wide)) {
        const found = page.getByRole('heading', { name: text, exact: true });
        expect(await found.isVisible(), `${viewport.width}px: ${text}`).toBe(true);
      }
      // Every project and post card, in the sections' order, with no loading state left.
      const titles = (section: string) =>
        page
          .locator(`#${section} article h3`)
          .evaluateAll((found) => found.map((heading) => heading.textContent?.trim()));
      expect(await titles('portfolio'), `${viewport.width}px`).toEqual(cards.projects);
      expect(await titles('blog'), `${viewport.width}px`).toEqual(cards.posts);
      for (const post of cards.posts) {
        const link = page.locator('#blog').getByRole('link', { name: post, exact: true });
        expect(await link.isVisible(), `${viewport.width}px: ${post}`).toBe(true);
      }
      expect(await page.locator('#portfolio article img').first().isVisible()).toBe(true);
      expect(await page.locator('#portfolio [role="status"], #blog [role="status"]').count()).toBe(
        0,
      );
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: email, exact: true }).isVisible()).toBe(true);
      expect(await footer.getByText(`© ${new Date().getUTCFullYear()} `).isVisible()).toBe(true);
      await context.close();
    }
  });

  it('adopts the home page and its footer without an error, a request for their data or anything moving', async () => {
    if (!browser) throw new Error('no browser');
    const { title } = await homeHeadings();
    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && HOME_ANSWERS.includes(url.pathname))
          asked.push(url.pathname + url.search);
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const html = await (await fetch(`${baseUrl}/`)).text();
      const entry = html.match(/const entry = "([^"]+)";/)?.[1];
      if (!entry) throw new Error('/ has no entry script');
      await page.route(`${baseUrl}${entry}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The first screen: the hero's title and buttons.
      const firstScreen = 'main h1, #home a';
      const boxes = () =>
        page.locator(firstScreen).evaluateAll((elements) =>
          elements.map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return `${element.tagName} ${element.textContent} ${x},${y} ${width}x${height}`;
          }),
        );
      expect(await page.locator('[data-preview=""] #home h1').count()).toBe(1);
      expect(await page.locator('[data-preview=""] #portfolio article').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-preview=""] #blog article').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-preview="footer"] footer').count()).toBe(1);
      const before = await boxes();
      const footerText = await page.locator('footer').textContent();
      release();

      // React's page and footer replace the server's.
      await expect.poll(() => page.locator('[data-preview]').count()).toBe(0);
      // The portfolio's and the blog's own cards (they load apart), drawn from the embedded answers.
      for (const card of [
        '#portfolio [data-testid="project-card"]',
        '#blog [data-testid="blog-card"]',
      ])
        await expect.poll(() => page.locator(card).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(
        await page.getByRole('heading', { level: 1, name: title, exact: true }).isVisible(),
      ).toBe(true);
      expect(await boxes(), `${viewport.width}px`).toEqual(before);
      expect(await page.locator('footer').textContent(), 'the same footer').toBe(footerText);
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(
        shifts.reduce((sum, value) => sum + value, 0),
        `${viewport.width}px`,
      ).toBe(0);
      expect(errors, `${viewport.width}px`).toEqual([]);
      expect(asked, `${viewport.width}px: asked for what the page embeds`).toEqual([]);
      await context.close();
    }
  });
});
