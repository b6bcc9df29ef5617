import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AdminSession, adminCall, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface Post {
  _id: string;
  title: string;
  slug: string;
  content: string;
}

const newPost = (session: AdminSession, title: string, content: string, publishAt?: string) =>
  adminCall<Post>(baseUrl, session, 'POST', '/blog/posts', {
    title,
    content,
    excerpt: 'A post of the end-to-end tests.',
    status: 'published',
    authorName: 'Test Author',
    ...(publishAt ? { publishAt } : {}),
  });

/** Waits until the visual editor takes typing. */
const editorReady = async (page: Page) => {
  await page.waitForFunction(() => {
    const surface = document.querySelector('.atelier-mdx-content[contenteditable]');
    return surface?.getAttribute('contenteditable') === 'true' && !surface.closest('.invisible');
  });
  return page.locator('.atelier-mdx-content[contenteditable="true"]');
};

/** Opens the post's form, adds `words` at the end of its text and saves. */
const appendAndSave = async (page: Page, post: Post, words: string) => {
  await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
  const form = page.getByRole('dialog', { name: 'Edit Blog Post' });
  const editor = await editorReady(page);
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(words);
  await form.getByRole('button', { name: 'Update' }).click();
  await banner(page, 'Post updated successfully!');
};

describe('Back office: history, scheduling and preview of posts against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('edits a post twice, restores the first version from History, and the site shows it', async () => {
    const { page } = browser();
    const title = `History ${Date.now()}`;
    const post = await newPost(session(), title, 'The first version of the text.\n');
    try {
      await appendAndSave(page, post, ' Second words.');
      await appendAndSave(page, post, ' Third words.');
      const saved = await adminCall<Post>(baseUrl, session(), 'GET', `/blog/posts/${post._id}`);
      expect(saved.content).toContain('Third words.');

      await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
      const form = page.getByRole('dialog', { name: 'Edit Blog Post' });
      await editorReady(page);
      await form.getByRole('button', { name: 'History' }).click();
      const panel = page.getByRole('dialog', { name: `History: ${title}` });
      const versions = panel
        .getByRole('list', { name: 'Versions, newest first' })
        .getByRole('button');
      await versions.nth(1).waitFor();
      expect(await versions.count()).toBe(2);
      // The oldest version is the post as first written; its diff shows the words added since.
      await versions.nth(1).click();
      const changes = panel.getByRole('region', { name: 'Content changes' });
      await changes.locator('ins', { hasText: 'Second words.' }).waitFor();
      // The panel, its list and its diff: nothing unnamed, nothing unreadable.
      expect(await seriousViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: 'Restore this version' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Restore this version?' });
      await ask.getByRole('button', { name: 'Restore', exact: true }).click();
      await page
        .getByText(/The version of .* was restored\./)
        .first()
        .waitFor();
      await panel.waitFor({ state: 'detached' });
      // The form holds the restored text.
      await page.waitForFunction(
        () =>
          !document
            .querySelector('.atelier-mdx-content[contenteditable]')
            ?.textContent?.includes('Second'),
      );
      const restored = await adminCall<Post>(baseUrl, session(), 'GET', `/blog/posts/${post._id}`);
      expect(restored.content).toBe('The first version of the text.\n');

      await page.goto(`${baseUrl}/blog/${post.slug}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText('The first version of the text.').waitFor();
      expect(await page.getByText('Second words.').count()).toBe(0);
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
    }
  });

  it('keeps a post scheduled seconds ahead off /blog until its time, then lists it', async () => {
    const { page } = browser();
    const title = `Scheduled ${Date.now()}`;
    const publishAt = new Date(Date.now() + 8_000);
    const post = await newPost(session(), title, 'Out on time.\n', publishAt.toISOString());
    try {
      await page.goto(`${baseUrl}/blog`);
      // The list has arrived (the demo posts), without the scheduled one.
      await page.locator('main a[href^="/blog/"]').first().waitFor();
      expect(Date.now()).toBeLessThan(publishAt.getTime());
      expect(await page.getByText(title).count()).toBe(0);

      // From its publish time on, a fresh visit lists it: asked again every half second.
      const deadline = publishAt.getTime() + 15_000;
      let listed = false;
      while (!listed && Date.now() < deadline) {
        await page.waitForTimeout(500);
        await page.reload();
        await page.locator('main a[href^="/blog/"]').first().waitFor();
        listed = (await page.getByText(title).count()) > 0;
      }
      expect(listed).toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
    }
  });

  it('previews an unsaved change with the site’s own page, and saves nothing', async () => {
    const { page } = browser();
    const title = `Preview ${Date.now()}`;
    const post = await newPost(session(), title, 'Text as **saved**.\n');
    try {
      await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
      const form = page.getByRole('dialog', { name: 'Edit Blog Post' });
      const editor = await editorReady(page);
      await form.locator('input[name="title"]').fill(`${title} (unsaved)`);
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Words not saved yet.');
      await form.getByRole('button', { name: 'Preview page' }).click();

      const preview = page.getByRole('dialog', { name: `Preview: ${title} (unsaved)` });
      const article = preview.getByRole('region', { name: 'Page preview' });
      await article.getByRole('heading', { level: 1, name: `${title} (unsaved)` }).waitFor();
      // Drawn by the site's renderer (not its placeholder): the bold word is bold.
      await article.locator('strong', { hasText: 'saved' }).first().waitFor();
      expect(await article.textContent()).toContain('Words not saved yet.');
      await article.getByText('Test Author').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const stored = await adminCall<Post>(baseUrl, session(), 'GET', `/blog/posts/${post._id}`);
      expect(stored.title).toBe(title);
      expect(stored.content).toBe('Text as **saved**.\n');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      expect(await form.locator('input[name="title"]').inputValue()).toBe(`${title} (unsaved)`);
    } finally {
      page.once('dialog', (dialog) => void dialog.accept());
      await page.goto(`${baseUrl}/admin/dashboard`);
      await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
    }
  });
});
