import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

const watched = new WeakMap<Page, string[]>();

/** Records every Content-Security-Policy violation of every document the page loads from now on. */
const watchViolations = async (page: Page) => {
  const known = watched.get(page);
  if (known) {
    known.length = 0;
    return known;
  }
  const violations: string[] = [];
  watched.set(page, violations);
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
};

const visit = async (page: Page, path: string) => {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
};

describe('Content-Security-Policy', () => {
  const publicBrowser = browserForSuite();

  it('every public page carries a strict policy and loads without a single violation', async () => {
    const { page } = publicBrowser();
    const violations = await watchViolations(page);
    const [posts, projects, services] = await Promise.all([
      apiGet(baseUrl, '/blog/public/posts', { limit: 1 }),
      apiGet(baseUrl, '/portfolio', { limit: 1 }),
      apiGet(baseUrl, '/services', {}),
    ]);
    const post = posts.blogs[0];
    const project = projects.projects[0];
    if (!post || !services[0]) throw new Error('the seed has no post or service');
    const paths = [
      '/',
      '/about',
      '/services',
      '/portfolio',
      ...(project ? [`/project/${project.slug}`] : []),
      '/blog',
      `/blog/${post.slug}`,
      '/contact',
      '/discuss-project',
      '/custom-service',
      '/faq',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/no/such/page',
    ];
    for (const path of paths) {
      const response = await page.goto(`${baseUrl}${path}`);
      const policy = (await response?.headerValue('content-security-policy')) ?? '';
      const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
      expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
      expect(policy, path).toContain("frame-ancestors 'none'");
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('Swagger UI works under its own policy', async () => {
    const { page } = publicBrowser();
    const violations = await watchViolations(page);
    const response = await page.goto(`${baseUrl}/api/docs/`);
    expect(await response?.headerValue('content-security-policy')).toContain("script-src 'self'");
    await page.getByText('Atelier API').first().waitFor();
    expect(violations).toEqual([]);
  });
});

describe('Content-Security-Policy in the back office', () => {
  const { browser } = signedInSuite(baseUrl);

  it('every screen loads without a single violation, the editor included', async () => {
    const { page } = browser();
    const violations = await watchViolations(page);
    const screens = [
      '/admin/dashboard',
      '/admin/blog',
      '/admin/blog/new',
      '/admin/categories',
      '/admin/tags',
      '/admin/technologies',
      '/admin/services',
      '/admin/portfolio',
      '/admin/portfolio/new',
      '/admin/testimonials',
      '/admin/team',
      '/admin/media',
      '/admin/project-requests',
      '/admin/contacts',
      '/admin/contact-details',
      '/admin/faqs',
      '/admin/content',
      '/admin/settings',
      '/admin/help',
      '/admin/account',
    ];
    for (const path of screens) await visit(page, path);
    // The markdown editor is loaded with the form: prove it runs under the policy.
    await visit(page, '/admin/blog/new');
    await page.locator('[contenteditable="true"]').first().waitFor();
    await visit(page, '/admin/login');
    expect(violations).toEqual([]);
    // Twenty-two screens, each waited on until its network is idle (half a second at least).
  }, 90_000);
});
