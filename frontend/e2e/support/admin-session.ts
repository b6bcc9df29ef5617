import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';

export interface AdminSession {
  token: string;
  user: unknown;
}

/** Signs the first administrator in through the API. */
export const adminSession = async (baseUrl: string): Promise<AdminSession> => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return (await response.json()) as AdminSession;
};

/** Puts the session in the page's storage, as a sign-in in the browser would. */
export const signInPage = async (page: Page, baseUrl: string, session: AdminSession) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.evaluate((stored) => {
    localStorage.setItem('token', stored.token);
    localStorage.setItem('user', JSON.stringify(stored.user));
    localStorage.setItem('adminAuthenticated', 'true');
  }, session);
};

/** An authenticated JSON call, for setting up and cleaning up. */
export const adminCall = async <T>(
  baseUrl: string,
  session: AdminSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};
