import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/admin-account';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

const pathOf = (page: Page) => new URL(page.url()).pathname;

const fillSignIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    adminAuthenticated: localStorage.getItem('adminAuthenticated'),
  }));

describe('Back-office sign-in', () => {
  const browser = browserForSuite();

  it('refuses a wrong password with the error alert', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/login`);

    await fillSignIn(page, ADMIN_EMAIL, 'not-the-right-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(pathOf(page)).toBe('/admin/login');
    expect((await storedSession(page)).token).toBeNull();
  });

  it('signs the administrator in, survives a reload and signs out', async () => {
    const { page, requestedUrls } = browser();
    await page.goto(`${baseUrl}/admin/login`);

    await fillSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();
    expect(pathOf(page)).toBe('/admin/dashboard');
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(session.adminAuthenticated).toBe('true');
    expect(JSON.parse(session.user ?? '{}')).toMatchObject({ email: ADMIN_EMAIL, role: 'owner' });

    await page.reload();

    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();
    expect(pathOf(page)).toBe('/admin/dashboard');

    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    expect(await storedSession(page)).toEqual({
      token: null,
      user: null,
      adminAuthenticated: null,
    });

    // A signed-out browser is sent back to the sign-in page.
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');

    const external = requestedUrls.filter((url) => !url.startsWith(baseUrl));
    expect(external).toEqual([]);
  });

  it('revokes the token on the server when signing out', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };

    expect((await fetch(`${baseUrl}/api/auth/verify`, { headers: auth })).status).toBe(200);
    const logout = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: auth });
    expect(logout.status).toBe(200);

    expect((await fetch(`${baseUrl}/api/auth/verify`, { headers: auth })).status).toBe(401);
  });
});
