import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface Post {
  _id: string;
  title: string;
  slug: string;
  content: string;
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const press = (page: Page, label: string) =>
  toolbar(page).getByRole('button', { name: label, exact: true }).click();

/** Waits until the visual editor takes typing. */
const editorReady = async (page: Page) => {
  await page.waitForFunction(() => {
    const surface = document.querySelector('.atelier-mdx-content[contenteditable]');
    return surface?.getAttribute('contenteditable') === 'true' && !surface.closest('.invisible');
  });
  return page.locator('.atelier-mdx-content[contenteditable="true"]');
};

const postTitled = async (session: Parameters<typeof adminCall>[1], title: string) => {
  const list = await adminCall<{ blogs: Post[] }>(
    baseUrl,
    session,
    'GET',
    `/blog/posts?search=${encodeURIComponent(title)}&limit=5`,
  );
  const post = list.blogs.find((each) => each.title === title);
  if (!post) throw new Error(`no post titled ${title}`);
  return post;
};

describe('Back office: writing a post in the markdown editor', () => {
  const { browser, session } = signedInSuite(baseUrl);
  const title = `Editor round trip ${Date.now()}`;

  it('writes with every toolbar group, and the site shows the post as the preview did', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/blog/new`);
    const form = page.getByRole('dialog', { name: 'New Blog Post' });
    await form.locator('input[name="title"]').fill(title);
    const editor = await editorReady(page);
    await editor.click();

    // Structure: a heading.
    await press(page, 'Heading');
    await page.keyboard.type('A section');
    await page.keyboard.press('Enter');
    // Formatting and advanced formatting, switched on and off while typing.
    await page.keyboard.type('Plain, ');
    await press(page, 'Bold');
    await page.keyboard.type('bold');
    await press(page, 'Bold');
    await page.keyboard.type(' and ');
    await press(page, 'Highlight');
    await page.keyboard.type('marked');
    await press(page, 'Highlight');
    await page.keyboard.type(' water is H');
    await press(page, 'Subscript');
    await page.keyboard.type('2');
    await press(page, 'Subscript');
    await page.keyboard.type('O. Press ');
    // Special: a key, a badge and a footnote.
    await press(page, 'Keyboard key');
    await page.keyboard.type(' now ');
    await press(page, 'Status badge');
    await toolbar(page)
      .getByRole('menuitem', { name: /^Success/ })
      .click();
    await press(page, 'Footnote');
    await page.keyboard.press('Enter');
    // Lists.
    await press(page, 'Bullet list');
    await page.keyboard.type('First item');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second item');

    // Media, from the markdown source at the end of the text.
    await page.getByRole('button', { name: 'Markdown', exact: true }).click();
    const source = form.getByRole('textbox', { name: /markdown source/ });
    await source.focus();
    await source.press('Control+End');
    await press(page, 'Link');

    // The preview, drawn by the site's renderer.
    await press(page, 'Preview');
    const preview = form.locator('.atelier-preview .markdown-body');
    await page.waitForFunction(() =>
      document.querySelector('.atelier-preview .markdown-body')?.textContent?.includes('link text'),
    );
    const previewHtml = await preview.innerHTML();

    await form.locator('select[name="status"]').selectOption('published');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Post created successfully!');

    const post = await postTitled(session(), title);
    for (const syntax of [
      '## A section',
      '**bold**',
      '==marked==',
      'H~2~O',
      '[[Ctrl]]',
      '{success: text}',
      '[^1]',
      '- First item',
      '[link text](https://)',
      '[^1]: Footnote text.',
    ]) {
      expect(post.content).toContain(syntax);
    }

    await page.goto(`${baseUrl}/blog/${post.slug}`);
    // The rendered text, not the placeholder shown while the renderer loads.
    await page.waitForFunction(
      () => document.querySelector('article .markdown-body:not([data-testid]) kbd') !== null,
    );
    const siteHtml = await page
      .locator('article .markdown-body:not([data-testid])', { hasText: 'Second item' })
      .innerHTML();
    expect(siteHtml).toBe(previewHtml);
  });

  it('opens the post again without changing it, and keeps a draft across a reload', async () => {
    const { page } = browser();
    const before = await postTitled(session(), title);
    await page.goto(`${baseUrl}/admin/blog/edit/${before._id}`);
    let form = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await editorReady(page);
    // The editor in split view with the help open: nothing unnamed, nothing unreadable.
    await page
      .locator('.atelier-editor')
      .getByRole('button', { name: 'Split', exact: true })
      .click();
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    // Saving an untouched post sends its text unchanged.
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Post updated successfully!');
    expect((await postTitled(session(), title)).content).toBe(before.content);

    await page.goto(`${baseUrl}/admin/blog/edit/${before._id}`);
    form = page.getByRole('dialog', { name: 'Edit Blog Post' });
    const editor = await editorReady(page);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Added before the reload.');
    await page.waitForFunction(
      (id) => localStorage.getItem(`atelier.draft.blog.${id}`)?.includes('before the reload'),
      before._id,
    );
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    form = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await form.getByRole('button', { name: 'Restore them' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('.atelier-mdx-content[contenteditable]')
        ?.textContent?.includes('before the reload'),
    );
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Post updated successfully!');
    // Every block typed before stays byte for byte; the new words come after them.
    const after = (await postTitled(session(), title)).content;
    expect(after.startsWith(before.content)).toBe(true);
    expect(after).toContain('Added before the reload.');

    await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${before._id}`);
  });
});
