import { describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { gradientPng } from '../support/png';

const baseUrl = serverUrl();

interface Post {
  _id: string;
  title: string;
  slug: string;
}

describe('Back office: the media library feeds the public site', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('uploads an image, makes it a post’s featured image, and the post offers its WebP copies', async () => {
    const { page } = browser();
    const stamp = Date.now();
    const fileName = `harbour-${stamp}.png`;
    const title = `Harbour walk ${stamp}`;

    // Upload through the library's own file chooser.
    await page.goto(`${baseUrl}/admin/media`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({
      name: fileName,
      mimeType: 'image/png',
      buffer: gradientPng(1200, 800, stamp % 251),
    });
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText(/· Uploaded$/).waitFor();
    const items = page.getByRole('list', { name: 'Media items' });
    await items
      .getByRole('button', { name: /^Details of harbour/ })
      .first()
      .waitFor();

    // Write a post whose featured image comes from the library.
    await page.goto(`${baseUrl}/admin/blog/new`);
    const form = page.getByRole('dialog', { name: 'New Blog Post' });
    await form.locator('input[name="title"]').fill(title);
    await form.locator('textarea[name="excerpt"]').fill('A walk along the harbour.');
    await form.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker
      .getByRole('button', { name: /^Choose harbour/ })
      .first()
      .click();
    await picker.waitFor({ state: 'detached' });
    const featured = await form.locator('input[name="featuredImage"]').inputValue();
    expect(featured).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    await form.locator('select[name="status"]').selectOption('published');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Post created successfully!');

    const { blogs } = await adminCall<{ blogs: Post[] }>(
      baseUrl,
      session(),
      'GET',
      `/blog/posts?search=${stamp}&limit=5`,
    );
    const post = blogs.find((each) => each.title === title);
    if (!post) throw new Error(`the post ${title} was not stored`);

    // The public page, as the server sends it and as the browser shows it.
    const html = await (await fetch(`${baseUrl}/blog/${post.slug}`)).text();
    expect(html).toContain(featured);
    await page.goto(`${baseUrl}/blog/${post.slug}`);
    const cover = page.locator(`main img[src="${featured}"]`).first();
    await cover.waitFor();
    const srcset = (await cover.getAttribute('srcset')) ?? '';
    const copies = srcset.split(',').map((entry) => entry.trim().split(/\s+/));
    expect(copies.length).toBeGreaterThanOrEqual(2);
    for (const [url, width] of copies) {
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}-\d+w\.webp$/);
      expect(width).toMatch(/^\d+w$/);
      const copy = await fetch(`${baseUrl}${url}`);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/webp');
      expect(copy.headers.get('cache-control')).toContain('immutable');
    }
    expect(await cover.getAttribute('width')).toBe('1200');
    expect(await cover.getAttribute('height')).toBe('800');
    // The browser picked one of the copies for this 1280 px wide window.
    const shown = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(shown).toMatch(/-\d+w\.webp$/);

    // The image now shown by the post cannot be deleted from under it.
    await page.goto(`${baseUrl}/admin/media`);
    await items
      .getByRole('button', { name: /^Details of harbour/ })
      .first()
      .click();
    const details = page.getByRole('complementary').filter({ hasText: 'Uploaded' });
    await details.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`the featured image of the post “${title}”`, { exact: false }).waitFor();

    await adminCall(baseUrl, session(), 'DELETE', `/blog/posts/${post._id}`);
  });
});
