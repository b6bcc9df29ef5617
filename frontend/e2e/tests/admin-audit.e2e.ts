import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from '../support/admin-account';
import { adminCall, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();
const RENAMED = 'Audited Service Name';

interface Services {
  _id: string;
  title: string;
}

/** Where to write screenshots of the screen when asked (`AUDIT_SCREENSHOTS=/some/folder`). */
const SCREENSHOTS = process.env.AUDIT_SCREENSHOTS;

describe('Back office: the audit log', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('shows a change made in the back office with who made it, and filters by record', async () => {
    const { page } = browser();
    const [service] = await adminCall<Services[]>(baseUrl, session(), 'GET', '/services');
    if (!service) throw new Error('no seeded service');

    // A change in the back office: rename a service through its form.
    await page.goto(`${baseUrl}/admin/services`);
    await page.getByRole('button', { name: `Edit ${service.title}`, exact: true }).click();
    const form = page.getByRole('region', { name: 'Edit Service' });
    await form.getByLabel(/^Title/).fill(RENAMED);
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Service updated successfully!');

    // Reached from the top bar.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    // Named by its title as written, never by its hex id.
    const row = page.getByRole('row').filter({ hasText: RENAMED });
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toContain('Updated');
    await expect(row.first().textContent()).resolves.not.toContain(service._id);
    await expect(row.first().textContent()).resolves.toContain(ADMIN_EMAIL);
    await expect(row.first().textContent()).resolves.toContain('title');

    // Only services, then only sign-ins: the rename is in the first list, not in the second.
    await page.getByLabel('Record').selectOption('services');
    await row.first().waitFor();
    expect(new URL(page.url()).searchParams.get('entity')).toBe('services');
    await page.getByLabel('Record').selectOption('auth/login');
    await page.getByRole('row').filter({ hasText: 'Signed in' }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: RENAMED }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    if (SCREENSHOTS) {
      await page.getByLabel('Record').selectOption('');
      await row.first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/audit-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      await page.getByText('Updated').first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/audit-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('downloads the contact inbox as CSV from the server and shows the export in the log', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/contacts?status=new`);
    await page.getByRole('list', { name: 'Contact Messages' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file.startsWith('\uFEFFReceived,Name,Email,Phone,Subject,Message,Status')).toBe(true);
    const rows = file.trimEnd().split('\r\n').length - 1;
    await banner(page, `Exported ${rows} contacts`);

    await page.goto(`${baseUrl}/admin/audit?entity=contacts`);
    const entry = page.getByRole('row').filter({ hasText: 'Exported' }).first();
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain(`${rows} row`);
    await expect(entry.textContent()).resolves.toContain('status');
  });

  it('opens an entry with the keyboard and shows its details', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/audit`);
    const view = page.getByRole('button', { name: /^View/ }).first();
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toMatch(/Request id/);
    await expect(dialog.textContent()).resolves.toMatch(/Record id/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
