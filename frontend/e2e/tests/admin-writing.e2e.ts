import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface AboutPage {
  title: string;
  subtitle: string;
  description: string;
  vision: string;
  mission: string;
  values: string[];
}

describe('Back office: content pages and the portfolio against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('edits the About page and the home page’s about section shows it', async () => {
    const { page } = browser();
    const before = await adminCall<AboutPage>(baseUrl, session(), 'GET', '/content/about');
    const mission = `Ship software people enjoy (${Date.now()})`;
    try {
      await page.goto(`${baseUrl}/admin/content`);
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('button', { name: 'Edit Content' }).click();
      await panel.getByLabel('Mission').fill(mission);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await banner(page, 'Content saved successfully!');
      await panel.getByRole('button', { name: 'Edit Content' }).waitFor();

      await page.goto(`${baseUrl}/#about`);
      await page.locator('#about').getByText(mission).waitFor();
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', '/content/about', {
        title: before.title,
        subtitle: before.subtitle,
        description: before.description,
        vision: before.vision,
        mission: before.mission,
        values: before.values,
      });
    }
  });

  it('creates a published project that the public portfolio lists, then deletes it', async () => {
    const { page } = browser();
    const title = `Kiosk ${Date.now()}`;
    await page.goto(`${baseUrl}/admin/portfolio`);
    await page.getByRole('link', { name: 'Add Project' }).click();
    const form = page.getByRole('region', { name: 'Add Project' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Client/).fill('Metro Transit');
    await form.getByLabel(/^Completion Date/).fill('2026-05-04');
    await form.getByLabel('Category').fill('Web Application');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Project created successfully!');

    const listed = await apiGet(baseUrl, '/portfolio', { search: title });
    expect(listed.projects.map((project) => project.title)).toEqual([title]);

    await page.goto(`${baseUrl}/admin/portfolio?q=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Featured: ${title}` }).click();
    await banner(page, 'Project updated successfully!');
    const [featured] = (await apiGet(baseUrl, '/portfolio', { search: title })).projects;
    expect(featured?.featured).toBe(true);

    await page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete this portfolio item?',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'Project deleted successfully!');
    expect((await apiGet(baseUrl, '/portfolio', { search: title })).projects).toEqual([]);
  });

  it.each([
    ['portfolio', 'Portfolio Management'],
    ['content', 'Content Management'],
    ['content?tab=privacy', 'Content Management'],
  ])('/admin/%s has no serious accessibility finding', async (path, heading) => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
