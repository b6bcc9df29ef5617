import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminCall,
  banner,
  signedInSuite,
  signInPage,
} from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';
import { type Browser, launchBrowser } from '../support/browser';

const baseUrl = serverUrl();

/** Where to write screenshots of the conflict view when asked (`CONFLICT_SCREENSHOTS=/some/folder`). */
const SCREENSHOTS = process.env.CONFLICT_SCREENSHOTS;

const EDITOR_EMAIL = 'ben.editor.e2e@atelier.test';
const EDITOR_PASSWORD = 'a-conflict-e2e-password';

interface Post {
  _id: string;
  content: string;
}

const BODY = [
  'Our studio plans every project in two-week steps.',
  '',
  'Each step ends with a demo to the client.',
  '',
  'Invoices follow the demo by a week.',
  '',
].join('\n');

/** Opens the post's form in `page` and waits until the visual editor takes typing. */
const openPost = async (page: Page, post: Post) => {
  await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
  const form = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await page.waitForFunction(() => {
    const surface = document.querySelector('.atelier-mdx-content[contenteditable]');
    return surface?.getAttribute('contenteditable') === 'true' && !surface.closest('.invisible');
  });
  return form;
};

/** Puts the caret at the end of the paragraph that reads `text` and types `words`. */
const typeAfter = async (page: Page, form: Locator, text: string, words: string) => {
  await form.locator('.atelier-mdx-content').getByText(text, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
};

const storedContent = async (session: AdminSession, post: Post) =>
  (await adminCall<Post>(baseUrl, session, 'GET', `/blog/posts/${post._id}`)).content;

describe('Back office: two people edit one post, and neither loses a word', () => {
  // A is the first administrator (this suite's browser); B an Editor in a browser of their own.
  const { browser, session } = signedInSuite(baseUrl);
  let other: Browser | undefined;
  const pageB = () => {
    if (!other) throw new Error('the second browser has not started');
    return other.page;
  };

  beforeAll(async () => {
    await adminCall(baseUrl, session(), 'POST', '/auth/register', {
      name: 'Ben Editor',
      email: EDITOR_EMAIL,
      password: EDITOR_PASSWORD,
      role: 'editor',
    });
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: EDITOR_EMAIL, password: EDITOR_PASSWORD }),
    });
    expect(response.status).toBe(200);
    other = await launchBrowser();
    other.page.setDefaultTimeout(10_000);
    await signInPage(other.page, baseUrl, (await response.json()) as AdminSession);
  });
  afterAll(async () => {
    await other?.close();
  });

  const newPost = (title: string) =>
    adminCall<Post>(baseUrl, session(), 'POST', '/blog/posts', {
      title,
      content: BODY,
      excerpt: 'A post two people edit at once.',
      status: 'published',
      authorName: 'Test Author',
    });

  it('merges two changes to different paragraphs of the body, after saying who else is editing', async () => {
    const a = browser().page;
    const b = pageB();
    const post = await newPost(`Two editors ${Date.now()}`);
    const aName = (session().user as { name: string }).name;

    const formA = await openPost(a, post);
    const formB = await openPost(b, post);
    // B's form says A has the post open (A's heartbeat came first).
    await formB
      .getByRole('status')
      .filter({ hasText: `${aName} is editing this since` })
      .waitFor();

    await typeAfter(a, formA, 'Our studio plans every project in two-week steps.', ' Always.');
    await formA.getByRole('button', { name: 'Update' }).click();
    await banner(a, 'Post updated successfully!');

    await typeAfter(b, formB, 'Invoices follow the demo by a week.', ' Never sooner.');
    await formB.getByRole('button', { name: 'Update' }).click();

    const view = b.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await view.waitFor();
    expect(await view.textContent()).toContain(`${aName} changed this at`);
    // What A changed since B opened the post: the history panel's line diff.
    await view.locator('ins', { hasText: 'Always.' }).first().waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    if (SCREENSHOTS) await screenshots(b, 'conflict-view');
    await view.getByRole('button', { name: 'Merge' }).click();

    const merge = b.getByRole('dialog', { name: 'Merge the changes' });
    const text = merge.getByRole('textbox', { name: 'Content' });
    const merged = await text.inputValue();
    expect(merged).toContain('Our studio plans every project in two-week steps. Always.');
    expect(merged).toContain('Invoices follow the demo by a week. Never sooner.');
    await merge.getByRole('button', { name: 'Save merged' }).click();
    await banner(b, 'Post updated successfully!');

    const stored = await storedContent(session(), post);
    expect(stored).toContain('Our studio plans every project in two-week steps. Always.');
    expect(stored).toContain('Invoices follow the demo by a week. Never sooner.');
  });

  it('marks a line both changed, and saves only once the marks are resolved', async () => {
    const a = browser().page;
    const b = pageB();
    const post = await newPost(`Same line ${Date.now()}`);

    const formA = await openPost(a, post);
    const formB = await openPost(b, post);
    await typeAfter(a, formA, 'Each step ends with a demo to the client.', ' A live one.');
    await formA.getByRole('button', { name: 'Update' }).click();
    await banner(a, 'Post updated successfully!');

    await typeAfter(b, formB, 'Each step ends with a demo to the client.', ' A recorded one.');
    await formB.getByRole('button', { name: 'Update' }).click();
    const view = b.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await view.getByRole('button', { name: 'Merge' }).click();

    const merge = b.getByRole('dialog', { name: 'Merge the changes' });
    const text = merge.getByRole('textbox', { name: 'Content' });
    const marked = await text.inputValue();
    expect(marked).toContain(
      [
        '<<<<<<< Your text',
        'Each step ends with a demo to the client. A recorded one.',
        '=======',
        'Each step ends with a demo to the client. A live one.',
        '>>>>>>> Their text',
      ].join('\n'),
    );
    const save = merge.getByRole('button', { name: 'Save merged' });
    expect(await save.isDisabled()).toBe(true);
    await merge.getByText(/Resolve the marked places in Content/).waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    if (SCREENSHOTS) await screenshots(b, 'conflict-merge');

    const resolved = marked.replace(
      /<<<<<<< Your text\n[^\n]*\n=======\n[^\n]*\n>>>>>>> Their text/,
      'Each step ends with a demo to the client. A live one, recorded too.',
    );
    await text.fill(resolved);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await banner(b, 'Post updated successfully!');

    const stored = await storedContent(session(), post);
    expect(stored).toContain('Each step ends with a demo to the client. A live one, recorded too.');
    expect(stored).not.toMatch(/<{7}|>{7}/);
  });
});

/** The page as it is, at 1280 and at 390 px wide, into `SCREENSHOTS`. */
const screenshots = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
