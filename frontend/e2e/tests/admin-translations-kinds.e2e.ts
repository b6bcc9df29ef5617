import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Where to write screenshots of a service's language tabs when asked. */
const SCREENSHOTS = process.env.TRANSLATIONS_SCREENSHOTS;

interface Row {
  _id: string;
  title: string;
}

const editor = (page: Page, name: string) => page.getByRole('region', { name });

/** The public read of a record in German, as the site asks for it. */
const inGerman = async (path: string) => {
  const response = await fetch(`${baseUrl}/api${path}${path.includes('?') ? '&' : '?'}lang=de`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

describe('Back office: records and the home page translated on their language tabs', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('translates a project with its German address, then a service, and the site reads both', async () => {
    const { page } = browser();
    const stamp = Date.now();
    const project = await adminCall<Row>(baseUrl, session(), 'POST', '/portfolio', {
      title: `Translated project ${stamp}`,
      slug: `translated-project-${stamp}`,
      client: 'Acme',
      completedAt: '2025-01-01',
      status: 'published',
    });
    const service = await adminCall<Row>(baseUrl, session(), 'POST', '/services', {
      title: `Translated service ${stamp}`,
      description: 'We build things.',
      status: 'active',
    });
    try {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [
          { tag: 'en', name: 'English', direction: 'ltr' },
          { tag: 'de', name: 'Deutsch', direction: 'ltr' },
        ],
      });

      await page.goto(`${baseUrl}/admin/portfolio/edit/${project._id}`);
      const projectEditor = editor(page, 'Edit Project');
      await projectEditor.getByRole('tab', { name: 'Deutsch: Missing' }).click();
      const projectForm = page.getByRole('form', { name: 'Deutsch translation' });
      await projectForm.getByLabel('Title', { exact: true }).fill('Ein übersetztes Projekt');
      await projectForm.getByLabel('Slug', { exact: true }).fill(`projekt-${stamp}`);
      await projectForm.getByRole('button', { name: 'Save Deutsch' }).click();
      await banner(page, 'Deutsch translation saved.');
      await projectEditor.getByRole('tab', { name: 'Deutsch: Up to date' }).waitFor();

      const german = await inGerman(`/portfolio/slug/projekt-${stamp}`);
      expect([german.title, german.language]).toEqual(['Ein übersetztes Projekt', 'de']);

      // A second save keeps the first as a revision of the German translation; its tab's History
      // restores it, and the tab and the site read the first text again.
      await projectForm.getByLabel('Title', { exact: true }).fill('Ein geändertes Projekt');
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          response.url().endsWith(`/translations/project/${project._id}/de`),
      );
      await projectForm.getByRole('button', { name: 'Save Deutsch' }).click();
      expect((await saved).status()).toBe(200);
      await projectForm.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History: Deutsch translation' });
      const versions = history.getByRole('list', { name: 'Versions, newest first' });
      await versions.waitFor();
      expect(await versions.getByRole('button').count()).toBe(1);
      if (SCREENSHOTS) {
        await mkdir(SCREENSHOTS, { recursive: true });
        await history.getByRole('region', { name: 'Title changes' }).waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/translation-history-1280.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${SCREENSHOTS}/translation-history-390-list.png` });
        await versions.getByRole('button').first().click();
        await history.getByRole('region', { name: 'Title changes' }).waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/translation-history-390.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await history.getByRole('button', { name: 'Restore this version' }).click();
      await page
        .getByRole('alertdialog', { name: 'Restore this version?' })
        .getByRole('button', { name: 'Restore', exact: true })
        .click();
      await page.getByText(/^The version of .* was restored\.$/).waitFor();
      expect(await projectForm.getByLabel('Title', { exact: true }).inputValue()).toBe(
        'Ein übersetztes Projekt',
      );
      expect((await inGerman(`/portfolio/slug/projekt-${stamp}`)).title).toBe(
        'Ein übersetztes Projekt',
      );

      await page.goto(`${baseUrl}/admin/services`);
      await page.getByRole('button', { name: `Edit ${service.title}` }).click();
      const serviceEditor = editor(page, 'Edit Service');
      await serviceEditor.getByRole('tab', { name: 'Deutsch: Missing' }).click();
      const serviceForm = serviceEditor.getByRole('form', { name: 'Deutsch translation' });
      expect(await serviceForm.getByLabel('Slug', { exact: true }).count()).toBe(0);
      await serviceForm.getByLabel('Title', { exact: true }).fill('Eine übersetzte Leistung');
      await serviceForm.getByLabel('Price Display', { exact: true }).fill('Ab 900 €');
      await serviceForm.getByRole('button', { name: 'Save Deutsch' }).click();
      await banner(page, 'Deutsch translation saved.');
      await serviceEditor.getByRole('tab', { name: 'Deutsch: Up to date' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const services = (await (await fetch(`${baseUrl}/api/services?lang=de`)).json()) as Record<
        string,
        unknown
      >[];
      const translated = services.find((row) => row._id === service._id);
      expect([translated?.title, translated?.priceDisplay, translated?.language]).toEqual([
        'Eine übersetzte Leistung',
        'Ab 900 €',
        'de',
      ]);

      if (SCREENSHOTS) {
        await mkdir(SCREENSHOTS, { recursive: true });
        await serviceForm.getByLabel('Side by side with the default language').check();
        await page.screenshot({
          path: `${SCREENSHOTS}/service-translation-1280.png`,
          fullPage: true,
        });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({
          path: `${SCREENSHOTS}/service-translation-390.png`,
          fullPage: true,
        });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', `/portfolio/${project._id}`);
      await adminCall(baseUrl, session(), 'DELETE', `/services/${service._id}`);
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
        untranslatedContent: 'fallback',
      });
    }
  });
  it('translates the home page’s hero on the Home Page screen and the German page shows it', async () => {
    const { page } = browser();
    const title = `Software mit Sorgfalt ${Date.now()}`;
    try {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [
          { tag: 'en', name: 'English', direction: 'ltr' },
          { tag: 'de', name: 'Deutsch', direction: 'ltr' },
        ],
      });
      await page.goto(`${baseUrl}/admin/home-page`);
      await page.getByRole('tab', { name: /^Deutsch: / }).click();
      const form = page.getByRole('form', { name: 'Deutsch translation' });
      const hero = form.getByRole('group', { name: 'Hero' });
      await hero.getByLabel('Title', { exact: true }).fill(title);
      await hero.getByLabel('Button 1', { exact: true }).fill('Unsere Leistungen');
      await page.keyboard.press('Control+s');
      await banner(page, 'Deutsch translation saved.');
      await page.getByRole('tab', { name: 'Deutsch: Up to date' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      if (SCREENSHOTS) {
        await mkdir(SCREENSHOTS, { recursive: true });
        await form.getByLabel('Side by side with the default language').check();
        await page.screenshot({ path: `${SCREENSHOTS}/home-translation-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        // The sidebar slides away at this width: the screen is drawn once it has.
        const heading = page.getByRole('heading', { name: 'Home Page', level: 1 });
        await expect.poll(async () => (await heading.boundingBox())?.x ?? 999).toBeLessThan(30);
        await page.screenshot({
          path: `${SCREENSHOTS}/home-translation-390.png`,
          fullPage: true,
          clip: { x: 0, y: 0, width: 390, height: 1400 },
        });
        await page.setViewportSize({ width: 1280, height: 900 });
      }

      // The server writes the German hero, and the hydrated page keeps it.
      const html = await (await fetch(`${baseUrl}/de`)).text();
      expect(html).toContain(title);
      expect(html).toContain('Unsere Leistungen');
      await page.goto(`${baseUrl}/de`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe(title);
      expect(
        await page.getByRole('link', { name: 'Unsere Leistungen' }).first().getAttribute('href'),
      ).toBe('/de#services');
      const english = await (await fetch(`${baseUrl}/`)).text();
      expect(english).not.toContain(title);
    } finally {
      await adminCall(baseUrl, session(), 'DELETE', '/translations/site/home/de').catch(
        () => undefined,
      );
      await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
        languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
        untranslatedContent: 'fallback',
      });
    }
  });
});
