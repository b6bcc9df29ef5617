import { describe, expect, it } from 'vitest';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';

const baseUrl = serverUrl();

describe('Back office', () => {
  const browser = browserForSuite();

  it.each(['/admin/', '/admin/anything', '/admin/services/123/edit'])(
    'sends a signed-out visitor from %s to the sign-in page, also after a reload',
    async (path) => {
      const { page } = browser();
      const first = await page.goto(`${baseUrl}${path}`);
      expect(first?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/login');

      await page.reload();

      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.title()).toBe('Atelier back office');
      // The public header is not part of the admin app.
      expect(await page.getByRole('link', { name: 'Get a Quote' }).count()).toBe(0);
    },
  );
});
