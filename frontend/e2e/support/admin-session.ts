import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import { browserForSuite } from './browser';

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

/**
 * Puts the session in the page's storage, as a sign-in in the browser would. The storage is
 * written from a page of the same origin that runs no script of its own, so no half-started app
 * can read or change it meanwhile.
 */
export const signInPage = async (page: Page, baseUrl: string, session: AdminSession) => {
  await page.goto(`${baseUrl}/api/ready`);
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

/**
 * An update as the back office sends it: with the `version` of the record as read just before
 * (`…/status` and `/settings/services` change the record at their parent path).
 */
export const adminUpdate = async <T>(
  baseUrl: string,
  session: AdminSession,
  method: 'PUT' | 'PATCH',
  path: string,
  body: Record<string, unknown>,
): Promise<T> => {
  const read = path === '/settings/services' ? '/settings' : path.replace(/\/status$/, '');
  const current = await adminCall<{ version?: number }>(baseUrl, session, 'GET', read);
  return adminCall<T>(baseUrl, session, method, path, { ...body, version: current.version ?? 1 });
};

/**
 * A browser for the enclosing `describe`, signed in as the first administrator before its tests,
 * and that administrator's API session. A step that cannot happen fails with its locator (after
 * 10 s) well before the test's own time-out.
 */
export const signedInSuite = (baseUrl: string) => {
  const browser = browserForSuite();
  let session: AdminSession | undefined;
  beforeAll(async () => {
    session = await adminSession(baseUrl);
    browser().page.setDefaultTimeout(10_000);
    await signInPage(browser().page, baseUrl, session);
  });
  return {
    browser,
    session: (): AdminSession => {
      if (!session) throw new Error('The suite has not signed in yet');
      return session;
    },
  };
};

/** Waits for a banner (or any text) to show. */
export const banner = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor();
