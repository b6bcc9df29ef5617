import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall, signedInSuite, signInPage } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { launchBrowser } from '../support/browser';

const baseUrl = serverUrl();
const PASSWORD = 'a-role-e2e-password';

/** Where to keep screenshots of what each role sees, when `ATELIER_SCREENSHOTS` names a folder. */
const screenshot = async (page: Page, name: string) => {
  const folder = process.env.ATELIER_SCREENSHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: false });
};

const signIn = async (email: string) => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { token: string; user: unknown };
};

/** The sidebar's entries by their first line (a badge, such as the unread count, follows it). */
const sidebarLinks = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').allInnerTexts()).map(
    (text) => text.split('\n')[0]?.trim() ?? '',
  );

describe('Back office: each role sees its own screens', () => {
  const { browser, session } = signedInSuite(baseUrl);

  for (const [role, present, absent] of [
    ['editor', ['Blog Posts', 'Newsletter', 'Home Page'], ['Contact Messages', 'Settings']],
    ['sales', ['Contact Messages', 'Project Requests', 'Newsletter'], ['Home Page', 'Settings']],
  ] as const) {
    it(`shows ${role === 'editor' ? 'an Editor' : 'Sales'} only the screens the role may open`, async () => {
      const email = `${role}.e2e@atelier.test`;
      await adminCall(baseUrl, session(), 'POST', '/auth/register', {
        name: `${role[0]?.toUpperCase()}${role.slice(1)} Example`,
        email,
        password: PASSWORD,
        role,
      });
      const account = await signIn(email);
      for (const width of [1280, 390]) {
        const other = await launchBrowser({ width, height: 900 });
        try {
          other.page.setDefaultTimeout(10_000);
          await signInPage(other.page, baseUrl, account);
          await other.page.goto(`${baseUrl}/admin/dashboard`);
          await other.page.getByRole('heading', { name: /Welcome back/ }).waitFor();
          if (width < 768) await other.page.getByRole('button', { name: 'Open menu' }).click();
          const links = await sidebarLinks(other.page);
          for (const label of present) expect(links).toContain(label);
          for (const label of absent) expect(links).not.toContain(label);
          await screenshot(other.page, `sidebar-${role}-${width}`);
        } finally {
          await other.close();
        }
      }
    });
  }

  it('shows the Owner each account with its role on the Administrators screen', async () => {
    const { page } = browser();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/admin/administrators`);
      const team = page.getByRole('list', { name: 'Team' });
      await team.getByText('Editor Example').waitFor();
      expect(
        await page.getByRole('combobox', { name: 'Role of Editor Example' }).inputValue(),
      ).toBe('editor');
      await screenshot(page, `administrators-${width}`);
    }
  });
});
