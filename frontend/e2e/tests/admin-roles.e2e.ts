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

  /** What each role's sidebar holds and lacks, and whether the top bar offers the accounts. */
  const ROLES = [
    {
      role: 'administrator',
      present: ['Blog Posts', 'Contact Messages', 'Home Page', 'Settings'],
      absent: [],
      accounts: true,
    },
    {
      role: 'editor',
      present: ['Blog Posts', 'Newsletter', 'Home Page'],
      absent: ['Contact Messages', 'Settings'],
      accounts: false,
    },
    {
      role: 'author',
      present: ['Blog Posts', 'Portfolio', 'Media Library'],
      absent: ['Contact Messages', 'Home Page', 'Settings'],
      accounts: false,
    },
    {
      role: 'contributor',
      present: ['Blog Posts'],
      absent: ['Contact Messages', 'Project Requests', 'Home Page', 'Settings'],
      accounts: false,
    },
    {
      role: 'sales',
      present: ['Contact Messages', 'Project Requests', 'Newsletter'],
      absent: ['Home Page', 'Settings'],
      accounts: false,
    },
  ] as const;

  /** The sidebar and top bar one signed-in page shows, at a desktop's width and then a phone's. */
  const checkScreens = async (
    page: Page,
    name: string,
    expected: { present: readonly string[]; absent: readonly string[]; accounts: boolean },
  ) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/admin/dashboard`);
      await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
      await screenshot(page, `dashboard-${name}-${width}`);
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      const links = await sidebarLinks(page);
      for (const label of expected.present) expect(links, `${name} at ${width}`).toContain(label);
      for (const label of expected.absent)
        expect(links, `${name} at ${width}`).not.toContain(label);
      if (width >= 768) {
        const accounts = page.getByRole('link', { name: 'Administrators' });
        expect(await accounts.count(), `${name}: the accounts link`).toBe(
          expected.accounts ? 1 : 0,
        );
      }
      await screenshot(page, `sidebar-${name}-${width}`);
    }
  };

  for (const expected of ROLES) {
    const { role } = expected;
    it(`shows the ${role} role only the screens it may open`, async () => {
      const email = `${role}.e2e@atelier.test`;
      await adminCall(baseUrl, session(), 'POST', '/auth/register', {
        name: `${role[0]?.toUpperCase()}${role.slice(1)} Example`,
        email,
        password: PASSWORD,
        role,
      });
      const account = await signIn(email);
      const other = await launchBrowser();
      try {
        other.page.setDefaultTimeout(10_000);
        await signInPage(other.page, baseUrl, account);
        await checkScreens(other.page, role, expected);
      } finally {
        await other.close();
      }
    });
  }

  it('shows the Owner every screen and the accounts', async () => {
    await checkScreens(browser().page, 'owner', {
      present: ['Blog Posts', 'Contact Messages', 'Home Page', 'Settings'],
      absent: [],
      accounts: true,
    });
  });

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
