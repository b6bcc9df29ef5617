import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminSession, adminCall, adminSession } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

/** Each test's own administrator, so the tests stand alone and run in any order. */
const PASSWORD = 'two-factor-passphrase';
let accounts = 0;

interface Account {
  email: string;
  /** The authenticator's secret, once two-factor sign-in is on. */
  secret?: Buffer;
  /** The code that confirmed the set-up. */
  confirmingCode?: string;
  recoveryCodes: string[];
}

/** RFC 4648 base32, as the manual key is written (spaces ignored). */
const base32 = (text: string): Buffer => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const symbol of text.replace(/\s/g, '')) {
    value = (value << 5) | alphabet.indexOf(symbol);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
};

/** RFC 6238 with HMAC-SHA1, 30-second steps and 6 digits: what an authenticator app computes. */
const totp = (secret: Buffer, atMs = Date.now()): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

const passwordStep = async (page: Page, account: Account) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const call = async <T>(path: string, token: string | undefined, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
};

describe('Back office: two-factor sign-in in Chromium against the real server', () => {
  const browser = browserForSuite();
  let owner: AdminSession;

  /** A new administrator who has not set two-factor sign-in up. */
  const newAccount = async (): Promise<Account> => {
    accounts += 1;
    const email = `two-factor-${accounts}@atelier.test`;
    await adminCall(baseUrl, owner, 'POST', '/auth/register', {
      name: `Tess Two ${accounts}`,
      email,
      password: PASSWORD,
      role: 'administrator',
    });
    return { email, recoveryCodes: [] };
  };

  /** A new administrator with two-factor sign-in on, set up through the API as the app would. */
  const enrolledAccount = async (): Promise<Account> => {
    const account = await newAccount();
    const { token } = await call<{ token: string }>('/auth/login', undefined, {
      email: account.email,
      password: PASSWORD,
    });
    const { manualKey } = await call<{ manualKey: string }>('/auth/two-factor/setup', token);
    const secret = base32(manualKey);
    const confirmingCode = totp(secret);
    const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(
      '/auth/two-factor/confirm',
      token,
      { code: confirmingCode },
    );
    await call('/auth/logout', token);
    return { ...account, secret, confirmingCode, recoveryCodes };
  };

  beforeAll(async () => {
    owner = await adminSession(baseUrl);
    browser().page.setDefaultTimeout(10_000);
  });

  beforeEach(async () => {
    // Every test starts signed out, whatever the one before it left.
    const { page } = browser();
    await page.goto(`${baseUrl}/api/ready`);
    await page.evaluate(() => localStorage.clear());
  });

  it('computes the codes of RFC 6238 itself', () => {
    const seed = Buffer.from('12345678901234567890');
    expect(totp(seed, 59_000)).toBe('287082');
    expect(totp(seed, 1_111_111_109_000)).toBe('081804');
  });

  it('sets two-factor sign-in up from the account screen', async () => {
    const { page, requestedUrls } = browser();
    const account = await newAccount();
    await passwordStep(page, account);
    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();

    await page.goto(`${baseUrl}/admin/account`);
    const card = page.getByRole('region', { name: 'Two-Factor Sign-In' });
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    const qr = card.locator('svg[role="img"][aria-label="QR code for your authenticator app"]');
    await qr.waitFor();
    expect(Number(await qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
    const key = await card.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent();
    const secret = base32(key ?? '');
    expect(secret.length).toBe(20);

    await card.getByLabel(/^Authentication code/).fill(totp(secret));
    await card.getByRole('button', { name: 'Verify and Turn On' }).click();
    const list = card.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toHaveLength(10);
    await card.getByRole('button', { name: 'I Have Saved These Codes' }).click();
    await card.getByText(/10 of 10 recovery codes left/).waitFor();

    const foreign = requestedUrls.filter(
      (url) => !url.startsWith(baseUrl) && !url.startsWith('data:'),
    );
    expect(foreign, 'the QR code is drawn without any other host').toEqual([]);
  });

  it('signs in with the password and then a code the test computes', async () => {
    const { page } = browser();
    const account = await enrolledAccount();
    const secret = account.secret as Buffer;
    await passwordStep(page, account);

    await page.getByRole('heading', { name: 'Two-Step Verification' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page
      .getByLabel(/^Authentication code/)
      .fill('000000' === totp(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('Invalid authentication code').waitFor();

    // The code of the next time step: the current one may be the one that confirmed the set-up,
    // and a code is accepted once.
    await page.getByLabel(/^Authentication code/).fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();
    expect(pathOf(page)).toBe('/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('says a code works once when the one that confirmed the set-up is typed to sign in', async () => {
    const { page } = browser();
    const account = await enrolledAccount();
    await passwordStep(page, account);
    await page.getByRole('heading', { name: 'Two-Step Verification' }).waitFor();
    await page.getByLabel(/^Authentication code/).fill(account.confirmingCode as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'This code has already been used. Each code works once: wait for the next code in your authenticator app and enter it.',
        { exact: true },
      )
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('signs in with a recovery code, once', async () => {
    const { page } = browser();
    const account = await enrolledAccount();
    const [code] = account.recoveryCodes;
    if (!code) throw new Error('the set-up gave no recovery codes');
    await passwordStep(page, account);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel(/^Recovery code/).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();

    await page.goto(`${baseUrl}/admin/account`);
    await page.getByText(/9 of 10 recovery codes left/).waitFor();
  });
});
