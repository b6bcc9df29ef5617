import { describe, expect, it } from 'vitest';
import { adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Where to write screenshots of the screen when asked (`LANGUAGES_SCREENSHOTS=/some/folder`). */
const SCREENSHOTS = process.env.LANGUAGES_SCREENSHOTS;

describe('Back office: the site’s languages in Site Settings', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('adds German, saves, finds it after a reload and in the public settings read', async () => {
    const { page } = browser();
    try {
      await page.goto(`${baseUrl}/admin/settings`);
      const card = page.getByRole('region', { name: 'Languages' });
      const english = card.getByRole('group', { name: 'Default language' });
      await english.getByLabel('Tag').waitFor();
      expect(await english.getByLabel('Tag').inputValue()).toBe('en');

      await card.getByRole('button', { name: 'Add Language' }).click();
      const added = card.getByRole('group', { name: 'Language 2' });
      await added.getByLabel('Tag').fill('de');
      await added.getByLabel('Name').fill('Deutsch');
      await page.getByRole('button', { name: 'Save All Settings' }).click();
      await banner(page, 'Settings saved successfully!');

      await page.reload();
      const german = page.getByRole('region', { name: 'Languages' }).getByRole('group', {
        name: 'Deutsch',
      });
      await german.getByLabel('Tag').waitFor();
      expect(await german.getByLabel('Tag').inputValue()).toBe('de');
      expect(await german.getByLabel('Direction').inputValue()).toBe('ltr');
      expect(await seriousViolations(page)).toEqual([]);

      // The public site reads its languages from the public settings, at once.
      const settings = await apiGet(baseUrl, '/settings');
      expect(settings.languages).toEqual([
        { tag: 'en', name: 'English', direction: 'ltr' },
        { tag: 'de', name: 'Deutsch', direction: 'ltr' },
      ]);
      expect(settings.untranslatedContent).toBe('fallback');

      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/languages-1280.png`, fullPage: true });
        await page
          .getByRole('region', { name: 'Languages' })
          .screenshot({ path: `${SCREENSHOTS}/languages-card-1280.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await page.getByRole('region', { name: 'Languages' }).getByLabel('Tag').first().waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/languages-390.png`, fullPage: true });
        await page
          .getByRole('region', { name: 'Languages' })
          .screenshot({ path: `${SCREENSHOTS}/languages-card-390.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
      }

      // Removing asks first, and says the translations are kept.
      await page.goto(`${baseUrl}/admin/settings`);
      await page.getByRole('button', { name: 'Remove Deutsch' }).click();
      const confirm = page.getByRole('alertdialog');
      expect(await confirm.textContent()).toContain(
        'Its translations are kept, and come back if the language is added again.',
      );
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Save All Settings' }).click();
      await banner(page, 'Settings saved successfully!');
      const after = await apiGet(baseUrl, '/settings');
      expect(after.languages.map((language) => language.tag)).toEqual(['en']);
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
        untranslatedContent: 'fallback',
      });
    }
  });
});
