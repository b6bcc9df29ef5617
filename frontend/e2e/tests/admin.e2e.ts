import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser } from '../support/browser';

const baseUrl = inject('baseUrl');
const SHELL_TEXT = 'Atelier back office — sign-in arrives soon.';

describe('Back office', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/admin/', '/admin/anything', '/admin/services/123/edit'])(
    'renders the admin app at %s, also after a reload',
    async (path) => {
      const { page } = browser;
      const first = await page.goto(`${baseUrl}${path}`);
      expect(first?.status()).toBe(200);
      await page.getByText(SHELL_TEXT).waitFor();

      await page.reload();

      await page.getByText(SHELL_TEXT).waitFor();
      expect(await page.title()).toBe('Atelier back office');
      // The public header is not part of the admin app.
      expect(await page.getByRole('link', { name: 'Get a Quote' }).count()).toBe(0);
    },
  );
});
