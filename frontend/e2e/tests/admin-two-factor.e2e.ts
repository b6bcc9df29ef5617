import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminCall, adminSession } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

/** An administrator of its own, so the first one signs in as the other helpers expect. */
const EMAIL = 'two-factor@atelier.test';
const PASSWORD = 'two-factor-passphrase';

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

const passwordStep = async (page: Page) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
};

describe('Back office: two-factor sign-in in Chromium against the real server', () => {
  const browser = browserForSuite();
  let owner: AdminSession;
  let secret: Buffer | undefined;
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    owner = await adminSession(baseUrl);
    await adminCall(baseUrl, owner, 'POST', '/auth/register', {
      name: 'Tess Two',
      email: EMAIL,
      password: PASSWORD,
      role: 'admin',
    });
    browser().page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    const admins = await adminCall<{ administrators: { _id: string; email: string }[] }>(
      baseUrl,
      owner,
      'GET',
      '/admins',
    );
    const mine = admins.administrators.find((admin) => admin.email === EMAIL);
    if (mine) await adminCall(baseUrl, owner, 'DELETE', `/admins/${mine._id}`);
  });

  it('computes the codes of RFC 6238 itself', () => {
    const seed = Buffer.from('12345678901234567890');
    expect(totp(seed, 59_000)).toBe('287082');
    expect(totp(seed, 1_111_111_109_000)).toBe('081804');
  });

  it('sets two-factor sign-in up from the account screen', async () => {
    const { page, requestedUrls } = browser();
    await passwordStep(page);
    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();

    await page.goto(`${baseUrl}/admin/account`);
    const card = page.getByRole('region', { name: 'Two-Factor Sign-In' });
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    const qr = card.locator('svg[role="img"][aria-label="QR code for your authenticator app"]');
    await qr.waitFor();
    expect(Number(await qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
    const key = await card.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent();
    secret = base32(key ?? '');
    expect(secret.length).toBe(20);

    await card.getByLabel(/^Authentication code/).fill(totp(secret));
    await card.getByRole('button', { name: 'Verify and Turn On' }).click();
    const list = card.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await card.getByRole('button', { name: 'I Have Saved These Codes' }).click();
    await card.getByText(/10 of 10 recovery codes left/).waitFor();

    const foreign = requestedUrls.filter(
      (url) => !url.startsWith(baseUrl) && !url.startsWith('data:'),
    );
    expect(foreign, 'the QR code is drawn without any other host').toEqual([]);
  });

  it('signs in with the password and then a code the test computes', async () => {
    const { page } = browser();
    if (!secret) throw new Error('set-up did not run');
    await signOut(page);
    await passwordStep(page);

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

  it('signs in with a recovery code, once', async () => {
    const { page } = browser();
    const [code] = recoveryCodes;
    if (!code) throw new Error('set-up did not run');
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel(/^Recovery code/).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /^Welcome back, .+!$/ }).waitFor();

    await page.goto(`${baseUrl}/admin/account`);
    await page.getByText(/9 of 10 recovery codes left/).waitFor();
  });
});
