import { describe, expect, it } from 'vitest';
import { adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Where to write screenshots of the conflict banner when asked (`VERSIONS_SCREENSHOTS=/some/folder`). */
const SCREENSHOTS = process.env.VERSIONS_SCREENSHOTS;

describe('Back office: a save after someone else saved never loses anyone’s words', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('merges a change to another field silently, and asks about a change to the same field', async () => {
    const { page } = browser();
    const services = await apiGet(baseUrl, '/services');
    const target = services[0];
    if (!target) throw new Error('the demo content has no service');
    const path = `/services/${target._id}`;
    const edit = async () => {
      await page.goto(`${baseUrl}/admin/services`);
      await page.getByRole('button', { name: `Edit ${target.title}`, exact: true }).click();
      return page.getByRole('region', { name: 'Edit Service' });
    };
    try {
      // Someone else changes the price display while I change the title: both stay.
      let form = await edit();
      await adminUpdate(baseUrl, session(), 'PUT', path, { priceDisplay: 'From $9,000' });
      await form.getByLabel('Title').fill(`${target.title} (mine)`);
      await form.getByRole('button', { name: 'Update' }).click();
      await banner(page, 'Service updated successfully!');
      let stored = (await apiGet(baseUrl, '/services')).find(
        (service) => service._id === target._id,
      );
      expect([stored?.title, stored?.priceDisplay]).toEqual([
        `${target.title} (mine)`,
        'From $9,000',
      ]);

      // Someone else changes the title too: the form keeps mine and the conflict view asks.
      target.title = `${target.title} (mine)`;
      form = await edit();
      await adminUpdate(baseUrl, session(), 'PUT', path, { title: 'Their title' });
      await form.getByLabel('Title').fill('My title');
      await form.getByRole('button', { name: 'Update' }).click();
      const view = page.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
      await view.getByText('Their title').first().waitFor();
      // Closing the view leaves the banner, naming the field by its label, and my text.
      await page.keyboard.press('Escape');
      const alert = form.getByRole('alert').filter({ hasText: 'changed this service at' });
      await alert.filter({ hasText: 'You both changed Title.' }).waitFor();
      expect(await form.getByLabel('Title').inputValue()).toBe('My title');
      if (SCREENSHOTS) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}/conflict-1280.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await alert.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/conflict-390.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await alert.getByRole('button', { name: 'Compare and merge' }).click();
      await view.getByRole('button', { name: 'Keep mine' }).click();
      await banner(page, 'Service updated successfully!');
      stored = (await apiGet(baseUrl, '/services')).find((service) => service._id === target._id);
      expect(stored?.title).toBe('My title');
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', path, {
        title: target.title.replace(' (mine)', ''),
        priceDisplay: target.priceDisplay,
      });
    }
  });
});
