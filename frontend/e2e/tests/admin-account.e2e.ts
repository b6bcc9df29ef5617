import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/admin-account';
import {
  type AdminSession,
  adminCall,
  adminSession,
  signedInSuite,
} from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();
const NEW_PASSWORD = 'a-brand-new-passphrase';

const verifyStatus = async (token: string) =>
  (
    await fetch(`${baseUrl}/api/auth/verify`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).status;

const signIn = async (password: string) => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password }),
  });
  return response.ok ? ((await response.json()) as AdminSession) : null;
};

describe('Back office: the account screen against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  // Every other suite signs in with the first password: it is put back whatever happened.
  afterAll(async () => {
    const changed = await signIn(NEW_PASSWORD);
    if (changed) {
      await adminCall(baseUrl, changed, 'PUT', '/auth/change-password', {
        currentPassword: NEW_PASSWORD,
        newPassword: ADMIN_PASSWORD,
      });
    }
  });

  it('has no serious accessibility finding', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/account`);
    await page.getByRole('region', { name: 'Change Password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists a session opened elsewhere and signs it out from the browser', async () => {
    const { page } = browser();
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const phone = (await response.json()) as AdminSession;

    await page.goto(`${baseUrl}/admin/account`);
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await sessions.getByText('This device').waitFor();
    await sessions.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
    await page.getByText('Session signed out', { exact: true }).waitFor();
    expect(await verifyStatus(phone.token)).toBe(401);
    await sessions.getByText('Safari on iPhone').waitFor({ state: 'detached' });
    expect(await verifyStatus(session().token)).toBe(200);
  });

  it('changes the password in the browser, which ends the other sessions but not this one', async () => {
    const { page } = browser();
    const elsewhere = await adminSession(baseUrl);
    expect(await verifyStatus(elsewhere.token)).toBe(200);

    await page.goto(`${baseUrl}/admin/account`);
    const card = page.getByRole('region', { name: 'Change Password' });
    await card.getByLabel(/^Current Password/).fill('not-the-password');
    await card.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await card.getByLabel(/^Confirm New Password/).fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await card.getByText('Current password is incorrect').waitFor();
    expect(await verifyStatus(elsewhere.token)).toBe(200);

    await card.getByLabel(/^Current Password/).fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await page
      .getByText('Password changed successfully! Every other session has been signed out.')
      .waitFor();

    expect(await verifyStatus(elsewhere.token)).toBe(401);
    expect(await verifyStatus(session().token)).toBe(200);
    expect(await signIn(ADMIN_PASSWORD)).toBeNull();
    expect(await signIn(NEW_PASSWORD)).not.toBeNull();
    // The browser's own session() goes on.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
  });
});
