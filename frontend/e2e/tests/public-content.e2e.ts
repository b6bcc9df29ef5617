import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/admin-account';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { browserForSuite, clickUntilShown } from '../support/browser';

const baseUrl = serverUrl();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The name of whatever has the keyboard focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') || element?.textContent?.trim() || '';
  });

/** Presses Tab until the focused element has this name (at most `limit` presses). */
const tabTo = async (page: Page, name: string, limit = 200) => {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
};

const signInToken = async () => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
};

const adminGet = async (path: string, token: string) => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
};

describe('Public content on a desktop', () => {
  const browser = browserForSuite();

  it('goes from the home page to a project and back', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    const card = page.locator('#portfolio [data-testid="project-card"]').first();
    await card.waitFor({ timeout: 15_000 });
    const title = (await card.locator('h3').textContent())?.trim() ?? '';

    await card.getByRole('link', { name: /View Details/ }).click();

    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(pathOf(page)).toMatch(/^\/project\/[a-z0-9-]+$/);
    await page.getByRole('region', { name: 'Project Metrics' }).waitFor();

    await page.goBack();
    await page.locator('#portfolio [data-testid="project-card"]').first().waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('searches the blog, opens a post and counts one view', async () => {
    const { page } = browser();
    const { blogs } = await apiGet(baseUrl, '/blog/public/posts', { limit: 100 });
    const post = blogs[blogs.length - 1];
    if (!post) throw new Error('no seeded blog post');
    await page.goto(`${baseUrl}/blog`);
    await page.locator('[data-testid="blog-card"]').first().waitFor();

    await page.getByLabel('Search posts').fill(post.title);

    const cards = page.locator('[data-testid="blog-card"]');
    await page.waitForFunction(
      (title) =>
        Array.from(document.querySelectorAll('[data-testid="blog-card"] h3')).every(
          (heading) => heading.textContent === title,
        ),
      post.title,
    );
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    await cards.first().getByRole('link', { name: post.title, exact: true }).click();

    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(pathOf(page)).toBe(`/blog/${post.slug}`);
    // The public read of the post is a cached answer whose count may lag (by design, up to twice
    // the cache's maximum age); the administrator's read is computed afresh, so it shows the count
    // as soon as the beacon's view is stored (within a second).
    const token = await signInToken();
    await expect
      .poll(async () => (await adminGet(`/blog/posts/${post._id}`, token)).views)
      .toBe(post.views + 1);
  });

  it('filters the FAQs by topic and by search', async () => {
    const { page } = browser();
    const { data } = await apiGet(baseUrl, '/faqs', { status: 'active', limit: 100 });
    const topic = data.flatMap((faq) => faq.tags).find(Boolean);
    if (!topic) throw new Error('no seeded FAQ topic');
    const withTopic = data.filter((faq) => faq.tags.includes(topic));
    await page.goto(`${baseUrl}/faq`);
    const items = page.locator('[data-testid="faq-item"]');
    await items.first().waitFor();
    expect(await items.count()).toBe(data.length);

    await page.getByRole('button', { name: topic, exact: true }).click();
    expect(await items.count()).toBe(withTopic.length);

    await page.getByRole('button', { name: 'All Topics' }).click();
    await page.getByLabel('Search questions').fill('zzzz-nothing-matches');
    await page.getByRole('heading', { name: 'No FAQs Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    expect(await items.count()).toBe(data.length);

    const first = items.first().getByRole('button');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
  });

  it('sends a contact message and a project request that the back office can read', async () => {
    const { page } = browser();
    const stamp = Date.now();
    const contactEmail = `visitor-${stamp}@example.com`;
    const requestEmail = `client-${stamp}@example.com`;

    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel(/Your Name/).fill('E2E Visitor');
    await page.getByLabel(/Email Address/).fill(contactEmail);
    await page.getByLabel(/Subject/).fill('Hello from the e2e suite');
    await page.getByLabel(/^Message/).fill('Please call me back.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for your message!').waitFor();

    await page.goto(`${baseUrl}/discuss-project`);
    await page.getByLabel(/Your Name/).fill('E2E Client');
    await page.getByLabel(/Company Name/).fill('E2E Ltd');
    await page.getByLabel(/Email Address/).fill(requestEmail.toUpperCase());
    await page.getByLabel(/Project Type/).selectOption('custom');
    await page.getByLabel(/Specify Project Type/).fill('Kiosk software');
    await page.getByLabel(/Budget Range/).selectOption('10k-25k');
    await page.getByLabel(/Timeline/).selectOption('flexible');
    await page.getByLabel(/Project Description/).fill('A self-service kiosk.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Project Request' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();

    const token = await signInToken();
    const contacts = (await adminGet(`/contacts?search=${stamp}`, token)).contacts as {
      email: string;
      status: string;
      source: string;
    }[];
    expect(contacts).toEqual([
      expect.objectContaining({ email: contactEmail, status: 'new', source: 'website' }),
    ]);
    const requests = (await adminGet(`/project-requests?search=${stamp}`, token))
      .projectRequests as { email: string; projectType: string; status: string }[];
    expect(requests).toEqual([
      expect.objectContaining({
        email: requestEmail,
        projectType: 'Kiosk software',
        status: 'new_request',
      }),
    ]);
  });

  it('reloads a deep link to a blog post and to a project', async () => {
    const { page } = browser();
    const { blogs } = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const { projects } = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    const post = blogs[0];
    const project = projects[0];
    if (!post || !project) throw new Error('no seeded content');

    for (const [path, title] of [
      [`/blog/${post.slug}`, post.title],
      [`/project/${project.slug}`, project.title],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      const reloaded = await page.reload();
      expect(reloaded?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }
  });

  it('opens a project by id at its slug address', async () => {
    const { page } = browser();
    const { projects } = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    const project = projects[0];
    if (!project) throw new Error('no seeded project');

    await page.goto(`${baseUrl}/project/${project._id}`);

    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
    await page.waitForURL(`${baseUrl}/project/${project.slug}`);
  });

  it('zooms, pans and closes the project image viewer with keys and the wheel', async () => {
    const { page } = browser();
    const { projects } = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    const project = projects[0];
    if (!project) throw new Error('no seeded project');
    await page.goto(`${baseUrl}/project/${project.slug}`);

    await page.getByRole('button', { name: /Open the image of/ }).click();
    const viewer = page.getByRole('dialog', { name: `${project.title}: image viewer` });
    await viewer.waitFor();
    const zoom = viewer.getByTestId('viewer-zoom');
    expect(await zoom.textContent()).toBe('100%');

    await page.keyboard.press('+');
    await page.keyboard.press('=');
    expect(await zoom.textContent()).toBe('150%');
    const stage = viewer.getByTestId('viewer-stage');
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => zoom.textContent()).toBe('160%');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20);
    await page.mouse.up();
    expect(await viewer.getByRole('img').getAttribute('style')).toContain('translate(40px, 20px)');

    await page.keyboard.press('0');
    expect(await zoom.textContent()).toBe('100%');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('walks the header and a carousel with the keyboard alone', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    await page.locator('#portfolio [data-testid="project-card"]').first().waitFor();

    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to content');
    const order: string[] = [];
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order.slice(0, 10)).toEqual([
      'Atelier home',
      'Home',
      'About Us',
      'Services',
      'Portfolio',
      'Blog',
      'Contact',
      'Newsletter',
      'Get a Quote',
      expect.any(String),
    ]);

    const testimonials = page.getByRole('region', { name: 'Testimonials' });
    const names = () =>
      testimonials
        .locator('[data-testid="testimonial-card"] figcaption .font-semibold')
        .allTextContents();
    // The carousel shows its cards once the testimonials have loaded: read them only then, so that
    // a change seen below is the keyboard's doing.
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
    const before = await names();
    await tabTo(page, 'Next testimonials');
    await page.keyboard.press('Enter');
    await expect.poll(names).not.toEqual(before);
    expect((await names())[0]).toBe(before[1]);

    await page.goto(`${baseUrl}/`);
    await tabTo(page, 'Portfolio');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).waitFor();
    expect(pathOf(page)).toBe('/portfolio');
  });
});

describe('Public content on a phone', () => {
  const browser = browserForSuite({ width: 390, height: 844 });

  it('opens the mobile menu, navigates from it and closes it', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await clickUntilShown(toggle, menu);
    expect(
      await page.locator('#mobile-menu').getByLabel('Subscribe to our newsletter').isVisible(),
    ).toBe(true);
    await menu.getByRole('link', { name: 'Blog' }).click();

    await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor();
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('moves a carousel with its dots from the keyboard', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    await page
      .locator('#services')
      .getByRole('region', { name: 'Services', exact: true })
      .waitFor();

    await tabTo(page, 'Go to slide 2');
    await page.keyboard.press('Enter');

    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current')))
      .toBe('true');
  });
});
