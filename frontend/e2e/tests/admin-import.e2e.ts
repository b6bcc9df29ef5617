import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { banner, signedInSuite } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { repoRoot } from '../support/paths';

const baseUrl = serverUrl();
const fixture = join(repoRoot, 'crates/application/tests/fixtures/import/wordpress.xml');

describe('Back office: importing a WordPress site against the real server', () => {
  const { browser } = signedInSuite(baseUrl);

  it('dry-runs the export, imports it, and the old address then leads to the new post', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/settings`);
    const card = page.getByRole('region', { name: 'Import', exact: true });
    await card.getByLabel('Export file').setInputFiles(fixture);

    await card.getByRole('button', { name: 'Dry run' }).click();
    await banner(page, 'Dry run finished: nothing was written');
    const report = card.getByRole('region', { name: 'Import report' });
    await report.getByRole('heading', { name: /Dry run of the WordPress export/ }).waitFor();
    expect(await report.getByRole('row', { name: /^Posts 34 0$/ }).count()).toBe(1);
    const before = await fetch(`${baseUrl}/2020/02/02/post-number-1/`, { redirect: 'manual' });
    expect(before.status).toBe(404);

    await card.getByRole('button', { name: 'Import' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Import this site?' });
    expect(await confirm.textContent()).toContain('34 posts');
    await confirm.getByRole('button', { name: 'Import' }).click();
    await page
      .getByText(/^Import finished: 34 posts/)
      .first()
      .waitFor();
    await report.getByRole('heading', { name: /Imported from the WordPress export/ }).waitFor();

    await page.goto(`${baseUrl}/2020/02/02/post-number-1/`);
    expect(new URL(page.url()).pathname).toBe('/blog/post-number-1');
    await page.getByRole('heading', { level: 1, name: 'Post number 1' }).waitFor();
  });
});
