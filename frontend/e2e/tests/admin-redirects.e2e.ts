import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** The status and `Location` of an anonymous request, redirects not followed. */
const answer = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
};

describe('Back office: redirects of old addresses against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('adds a redirect on the screen that the site then answers, and deletes it again', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/redirects`);
    await page.getByRole('link', { name: 'Add Redirect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Redirect' });
    await dialog.getByLabel(/^From/).fill('https://old.example/2019/05/our-faq/');
    await dialog.getByLabel(/^To/).fill('/faq');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Redirect created successfully!');
    await page.getByText('/2019/05/our-faq', { exact: true }).waitFor();

    expect(await answer('/2019/05/our-faq/')).toEqual({ status: 301, location: '/faq' });
    await page.goto(`${baseUrl}/2019/05/our-faq`);
    expect(new URL(page.url()).pathname).toBe('/faq');

    await page.goto(`${baseUrl}/admin/redirects?q=our-faq`);
    await page.getByRole('button', { name: 'Delete /2019/05/our-faq' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this redirect?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'Redirect deleted successfully!');
    expect((await answer('/2019/05/our-faq')).status).toBe(404);
  });

  it('redirects a published post’s old address after its slug changes, and lists it', async () => {
    const { page } = browser();
    const posts = await apiGet(baseUrl, '/blog/public/posts', { limit: 1 });
    const post = posts.blogs[0];
    if (!post) throw new Error('the demo content has no published post');
    const renamed = `${post.slug}-renamed`;
    try {
      await adminUpdate(baseUrl, session(), 'PUT', `/blog/posts/${post._id}`, { slug: renamed });
      expect(await answer(`/blog/${post.slug}`)).toEqual({
        status: 301,
        location: `/blog/${renamed}`,
      });
      await page.goto(`${baseUrl}/admin/redirects?q=${encodeURIComponent(post.slug)}`);
      await page.getByText(`/blog/${post.slug}`, { exact: true }).waitFor();
      // The new address is where the automatic redirect leads, and the demo's older one too (no chain).
      await expect.poll(() => page.getByText(`/blog/${renamed}`, { exact: true }).count()).toBe(2);
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', `/blog/posts/${post._id}`, { slug: post.slug });
      const left = await adminCall<{ redirects: { _id: string; from: string }[] }>(
        baseUrl,
        session(),
        'GET',
        `/redirects?search=${encodeURIComponent(renamed)}`,
      );
      for (const redirect of left.redirects) {
        await adminCall(baseUrl, session(), 'DELETE', `/redirects/${redirect._id}`);
      }
    }
  });
});
