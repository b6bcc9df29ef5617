import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Where to write screenshots of the editor's language tabs when asked. */
const SCREENSHOTS = process.env.TRANSLATIONS_SCREENSHOTS;

interface Post {
  _id: string;
  title: string;
}

const tab = (page: Page, name: string) =>
  page.getByRole('dialog', { name: 'Edit Blog Post' }).getByRole('tab', { name });

describe('Back office: a post translated on its language tab', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('translates a post into German, sees it up to date, then outdated after the default changes', async () => {
    const { page } = browser();
    const post = await adminCall<Post>(baseUrl, session(), 'POST', '/blog/posts', {
      title: `Translated post ${Date.now()}`,
      content: 'An English paragraph.\n',
      excerpt: 'In English.',
      status: 'published',
      authorName: 'Test Author',
    });
    try {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [
          { tag: 'en', name: 'English', direction: 'ltr' },
          { tag: 'de', name: 'Deutsch', direction: 'ltr' },
        ],
      });

      await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
      await tab(page, 'Deutsch: Missing').click();
      const form = page.getByRole('form', { name: 'Deutsch translation' });
      await form.getByLabel('Title', { exact: true }).fill('Ein übersetzter Beitrag');
      await form.getByLabel('Excerpt', { exact: true }).fill('Auf Deutsch.');
      await form.getByRole('button', { name: 'Save Deutsch' }).click();
      await banner(page, 'Deutsch translation saved.');
      await tab(page, 'Deutsch: Up to date').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      if (SCREENSHOTS) {
        await mkdir(SCREENSHOTS, { recursive: true });
        await form.getByLabel('Side by side with the default language').check();
        await page.screenshot({ path: `${SCREENSHOTS}/translation-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${SCREENSHOTS}/translation-390.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }

      // The default language's title changes: the German translation is outdated.
      await adminUpdate(baseUrl, session(), 'PUT', `/blog/posts/${post._id}`, {
        title: `${post.title} (revised)`,
        content: 'An English paragraph.\n',
        excerpt: 'In English.',
        status: 'published',
        authorName: 'Test Author',
      });
      await page.goto(`${baseUrl}/admin/blog/edit/${post._id}`);
      await tab(page, 'Deutsch: Outdated').waitFor();
      expect(await tab(page, 'Deutsch: Outdated').textContent()).toContain('Outdated');
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
        untranslatedContent: 'fallback',
      });
    }
  });

  it('lists a post as missing in German, not once translated, then as outdated after the default changes', async () => {
    const { page } = browser();
    const title = `Filtered post ${Date.now()}`;
    const post = await adminCall<Post>(baseUrl, session(), 'POST', '/blog/posts', {
      title,
      content: 'An English paragraph.\n',
      excerpt: 'In English.',
      status: 'published',
      authorName: 'Test Author',
    });
    const list = async (filter: string) => {
      await page.goto(`${baseUrl}/admin/blog?q=${encodeURIComponent(title)}`);
      await page.getByRole('combobox', { name: 'Translations' }).selectOption({ label: filter });
      await page.waitForURL(/translation=/);
    };
    const row = () => page.getByRole('row').filter({ hasText: title });
    try {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [
          { tag: 'en', name: 'English', direction: 'ltr' },
          { tag: 'de', name: 'Deutsch', direction: 'ltr' },
        ],
      });
      await list('Missing in Deutsch');
      await row().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (SCREENSHOTS) {
        await mkdir(SCREENSHOTS, { recursive: true });
        // A native select's open list is drawn outside the page: shown as a list box instead.
        const open = () =>
          page
            .getByRole('combobox', { name: 'Translations' })
            .evaluate((select: HTMLSelectElement) => {
              select.size = select.options.length;
            });
        await open();
        await page.screenshot({ path: `${SCREENSHOTS}/blog-filter-1280.png`, fullPage: true });
        // Loaded again at the phone's width, so the layout is the phone's from the start.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        // A phone's list is cards, not a table.
        await page.getByText(title, { exact: true }).waitFor();
        await open();
        await page.screenshot({ path: `${SCREENSHOTS}/blog-filter-390.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }

      await adminCall(baseUrl, session(), 'PUT', `/translations/post/${post._id}/de`, {
        fields: { title: 'Ein gefilterter Beitrag' },
        publication: 'published',
      });
      await list('Missing in Deutsch');
      await page.getByText('No posts match the search or filter.').waitFor();
      await list('Outdated in Deutsch');
      await page.getByText('No posts match the search or filter.').waitFor();

      await adminUpdate(baseUrl, session(), 'PUT', `/blog/posts/${post._id}`, {
        content: 'A revised English paragraph.\n',
      });
      await list('Outdated in Deutsch');
      await row().waitFor();
      expect(page.url()).toContain('translation=outdated%3Ade');
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
        untranslatedContent: 'fallback',
      });
    }
  });
});
