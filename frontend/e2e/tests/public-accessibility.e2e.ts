import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from '../support/api';
import { animationsSettled, seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';
import { browserForSuite, clickUntilShown } from '../support/browser';

const baseUrl = serverUrl();
describe('Accessibility of the public pages', () => {
  const browser = browserForSuite();
  const pages: { path: string; ready: string }[] = [
    { path: '/', ready: '#portfolio [data-testid="project-card"]' },
    { path: '/portfolio', ready: '[data-testid="project-card"]' },
    { path: '/blog', ready: '[data-testid="blog-card"]' },
    { path: '/faq', ready: '[data-testid="faq-item"]' },
    { path: '/contact', ready: 'main form' },
    { path: '/discuss-project', ready: 'main form' },
    { path: '/privacy-policy', ready: '.markdown-body' },
    { path: '/about', ready: 'h1' },
    { path: '/no-such-page', ready: 'h1' },
  ];

  beforeAll(async () => {
    const { blogs } = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const { projects } = await apiGet(baseUrl, '/portfolio', { limit: 1 });
    if (blogs[0]) pages.push({ path: `/blog/${blogs[0].slug}`, ready: '.markdown-body' });
    if (projects[0]) pages.push({ path: `/project/${projects[0].slug}`, ready: 'h1' });
  });

  it('has no serious WCAG 2.1 AA violation and exactly one h1 on each page', async () => {
    const { page } = browser();
    const report: Record<string, unknown> = {};
    for (const { path, ready } of pages) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator(ready).first().waitFor({ timeout: 15_000 });
      await animationsSettled(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) report[path] = violations;
      // Visible ones: until the page's script adopts it, a page the server filled keeps its
      // built-in stand-in after the slot, hidden (`display: none`, out of the accessibility tree).
      expect(await page.locator('h1:visible').count(), path).toBe(1);
    }
    expect(report).toEqual({});
  });
});

describe('Accessibility on a phone', () => {
  const browser = browserForSuite({ width: 390, height: 844 });

  it('has no serious WCAG 2.1 AA violation with its carousels and menu', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    await page.locator('#portfolio [data-testid="project-card"]').first().waitFor();
    await animationsSettled(page);
    expect(await seriousViolations(page)).toEqual([]);

    await clickUntilShown(
      page.getByRole('button', { name: 'Open menu' }),
      page.getByRole('navigation', { name: 'Mobile' }),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([
    ['/portfolio', '[data-testid="project-card"]'],
    ['/blog', '[data-testid="blog-card"]'],
    ['/faq', '[data-testid="faq-item"]'],
    ['/discuss-project', 'main form'],
  ])('has no serious WCAG 2.1 AA violation on %s', async (path, ready) => {
    const { page } = browser();
    await page.goto(`${baseUrl}${path}`);
    await page.locator(ready).first().waitFor();

    expect(await seriousViolations(page)).toEqual([]);
  });
});
