import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminCall,
  adminSession,
  banner,
  signInPage,
} from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { type Browser, launchBrowser } from '../support/browser';

const baseUrl = serverUrl();
const PASSWORD = 'a-review-e2e-password';
const TITLE = 'Notes from a week of pairing';
const SLUG = 'notes-from-a-week-of-pairing';
const NOTE = 'Open with the example from Tuesday.';

/**
 * Where to keep screenshots of the review screens, at 1280 and 390 px wide, when
 * `ATELIER_SCREENSHOTS` names a folder.
 */
const screenshot = async (page: Page, name: string, shown?: Locator) => {
  const folder = process.env.ATELIER_SCREENSHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** An account of `role` created by the Owner through the API, signed in. */
const account = async (owner: AdminSession, role: string, name: string): Promise<AdminSession> => {
  const email = `${role}.review@atelier.test`;
  await adminCall(baseUrl, owner, 'POST', '/auth/register', {
    name,
    email,
    password: PASSWORD,
    role,
  });
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminSession;
};

/** Opens the post's form from the blog list. */
const openPost = async (page: Page) => {
  await page.goto(`${baseUrl}/admin/blog`);
  await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
  return page.getByRole('dialog', { name: 'Edit Blog Post' });
};

describe('Back office: a Contributor’s post goes through review', () => {
  let writer: Browser;
  let editor: Browser;

  beforeAll(async () => {
    const owner = await adminSession(baseUrl);
    const [contributor, reviewer] = [
      await account(owner, 'contributor', 'Cai Contributor'),
      await account(owner, 'editor', 'Eve Editor'),
    ];
    writer = await launchBrowser();
    editor = await launchBrowser();
    for (const [browser, session] of [
      [writer, contributor],
      [editor, reviewer],
    ] as const) {
      browser.page.setDefaultTimeout(10_000);
      await signInPage(browser.page, baseUrl, session);
    }
  });

  afterAll(async () => {
    await writer?.close();
    await editor?.close();
  });

  it('is submitted, sent back with a note, resubmitted and published', async () => {
    // The Contributor writes a draft and submits it.
    let page = writer.page;
    await page.goto(`${baseUrl}/admin/blog/new`);
    let form = page.getByRole('dialog', { name: 'New Blog Post' });
    await form.locator('input[name="title"]').fill(TITLE);
    await form.getByLabel('Excerpt').fill('What a week of pairing taught us.');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await banner(page, 'Post submitted for review.');
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await row.getByText('In review').waitFor();
    await screenshot(page, 'blog-list-in-review');

    // The Editor finds it waiting on the dashboard and sends it back with a note.
    page = editor.page;
    await page.goto(`${baseUrl}/admin/dashboard`);
    const waiting = page.getByRole('region', { name: 'Waiting for review' });
    await waiting.getByRole('link', { name: TITLE }).waitFor();
    expect(await waiting.getByText('by Cai Contributor').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-waiting');
    await waiting.getByRole('link', { name: TITLE }).click();
    form = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await form.getByText('In review: waiting for an Editor').waitFor();
    await screenshot(page, 'form-in-review-editor');
    await screenshot(
      page,
      'form-in-review-editor-buttons',
      form.getByRole('button', { name: 'Publish' }),
    );
    await form.getByRole('button', { name: 'Send back' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Send back to the writer' });
    await ask.getByLabel('Note for the writer').fill(NOTE);
    await screenshot(page, 'send-back-dialog');
    await ask.getByRole('button', { name: 'Send back' }).click();
    await banner(page, 'Post sent back to its writer.');

    // The Contributor reads the note, and resubmits.
    page = writer.page;
    form = await openPost(page);
    await form.getByText(`Sent back by Eve Editor: ${NOTE}`).waitFor();
    await screenshot(page, 'form-sent-back-contributor');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await banner(page, 'Post submitted for review.');
    form = await openPost(page);
    await form.getByText('In review: waiting for an Editor').waitFor();
    expect(await form.getByText(/Sent back by/).count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The Editor publishes it, and the site shows it.
    page = editor.page;
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page
      .getByRole('region', { name: 'Waiting for review' })
      .getByRole('link', { name: TITLE })
      .click();
    form = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await form.getByRole('button', { name: 'Publish' }).click();
    await banner(page, 'Post published.');
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page
      .getByRole('region', { name: 'Waiting for review' })
      .getByText('Nothing is waiting for review. Posts that writers submit appear here.')
      .waitFor();

    await page.goto(`${baseUrl}/blog/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  });
});
