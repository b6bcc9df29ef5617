import { afterAll, describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';
import { launchBrowser } from '../support/browser';

const baseUrl = serverUrl();
const INVITED = 'grace.e2e@atelier.test';
const PASSWORD = 'grace-e2e-password';

interface Administrators {
  administrators: { _id: string; email: string }[];
}

describe('Back office: inviting and removing an administrator', () => {
  const { browser, session } = signedInSuite(baseUrl);

  // The shared administrator stays the only one, whatever happened.
  afterAll(async () => {
    const { administrators } = await adminCall<Administrators>(
      baseUrl,
      session(),
      'GET',
      '/admins',
    );
    for (const admin of administrators.filter((admin) => admin.email === INVITED)) {
      await adminCall(baseUrl, session(), 'DELETE', `/admins/${admin._id}`);
    }
  });

  it('invites someone who accepts the link in another browser, then removes them', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('link', { name: 'Administrators' }).click();
    const invite = page.getByRole('region', { name: 'Invite Someone' });
    await invite.getByLabel(/^Email/).fill(INVITED);
    await invite.getByRole('button', { name: 'Create Invitation' }).click();
    const link = await invite.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/admin/accept-invite#[0-9a-f]{64}$`));
    await page.getByRole('list', { name: 'Open invitations' }).getByText(INVITED).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const other = await launchBrowser();
    try {
      other.page.setDefaultTimeout(10_000);
      await other.page.goto(link);
      await other.page.getByText(INVITED).waitFor();
      await other.page.getByLabel(/^Name/).fill('Grace Hopper');
      await other.page.getByLabel(/^Password/).fill(PASSWORD);
      await other.page.getByLabel(/^Confirm Password/).fill(PASSWORD);
      await other.page.getByRole('button', { name: 'Create Account' }).click();
      await other.page.getByRole('link', { name: /Grace Hopper/ }).waitFor();
      expect(new URL(other.page.url()).pathname).toBe('/admin/dashboard');

      // The link works once.
      await other.page.goto(link);
      await other.page.getByText('This invitation link is invalid or has expired').waitFor();

      await page.reload();
      const admins = page.getByRole('list', { name: 'Team' });
      await admins.getByText('Grace Hopper').waitFor();
      await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await banner(page, 'Account removed');
      await admins.getByText('Grace Hopper').waitFor({ state: 'detached' });

      // Her session ends: her next call is refused and she is back at the sign-in page.
      await other.page.goto(`${baseUrl}/admin/dashboard`);
      await other.page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    } finally {
      await other.close();
    }
  });
});
