import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Every back-office screen this suite scans, with what shows once it has loaded. */
const SCREENS = [
  ['dashboard', 'Recent Activity'],
  ['categories', 'Category Management'],
  ['tags', 'Tag Management'],
  ['technologies', 'Technology Management'],
  ['services', 'Services Management'],
  ['testimonials', 'Testimonials Management'],
  ['team', 'Team Management'],
  ['faq', 'FAQ Management'],
  ['contact-details', 'Contact Details Management'],
  ['settings', 'Site Settings'],
  ['help', 'Help Center'],
] as const;

describe('Back office: the catalogue screens against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('adds an FAQ that the public FAQ page then shows, and deletes it again', async () => {
    const { page } = browser();
    const question = 'Do you sign a non-disclosure agreement?';
    await page.goto(`${baseUrl}/admin/faq`);
    await page.getByRole('link', { name: 'Add FAQ' }).click();
    const form = page.getByRole('region', { name: 'Add FAQ' });
    await form.getByLabel('Question').fill(question);
    await form.getByLabel('Answer').fill('Yes, before the first workshop.');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'FAQ created successfully!');

    await page.goto(`${baseUrl}/faq`);
    await page.getByText(question).first().waitFor();

    await page.goto(`${baseUrl}/admin/faq?q=non-disclosure`);
    await page.getByRole('button', { name: `Delete ${question}` }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('Are you sure you want to delete this FAQ item?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'FAQ deleted successfully!');
    await page.getByRole('button', { name: `Delete ${question}` }).waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/admin/faq?q=nothing-matches-this`);
    await page.getByText('No FAQs found matching "nothing-matches-this"').waitFor();
  });

  it('hides a deactivated service from the public services page', async () => {
    const { page } = browser();
    const services = await apiGet(baseUrl, '/services');
    const target = services.at(-1);
    if (!target) throw new Error('the demo content has no active service');
    try {
      await page.goto(`${baseUrl}/admin/services`);
      await page.getByRole('button', { name: `Edit ${target.title}`, exact: true }).click();
      const form = page.getByRole('region', { name: 'Edit Service' });
      await form.getByLabel('Active').uncheck();
      await form.getByRole('button', { name: 'Update' }).click();
      await banner(page, 'Service updated successfully!');

      const now = await apiGet(baseUrl, '/services');
      expect(now.map((service) => service.title)).not.toContain(target.title);
      await page.goto(`${baseUrl}/services`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(target.title, { exact: true }).count()).toBe(0);
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', `/services/${target._id}`, { status: 'active' });
    }
  });

  it('changes the phone number the public footer shows', async () => {
    const { page } = browser();
    const before = await apiGet(baseUrl, '/contact-details');
    const phone = '+1 (415) 555-0199';
    try {
      await page.goto(`${baseUrl}/admin/contact-details`);
      await page.getByLabel('Phone Number').fill(phone);
      await page.getByRole('button', { name: 'Save Contact Details' }).click();
      await banner(page, 'Contact details updated successfully!');

      await page.goto(`${baseUrl}/`);
      await page.getByRole('contentinfo').getByText(phone).waitFor();
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', '/contact-details', before);
    }
  });

  it('saves the service settings and keeps them after a reload', async () => {
    const { page } = browser();
    const before = await apiGet(baseUrl, '/settings');
    try {
      await page.goto(`${baseUrl}/admin/settings`);
      await page.getByLabel('Max Services to Display').fill('4');
      await page.getByRole('button', { name: 'Save Service Settings' }).click();
      await banner(page, 'Service settings saved successfully!');
      await page.reload();
      await expect.poll(() => page.getByLabel('Max Services to Display').inputValue()).toBe('4');
      expect((await apiGet(baseUrl, '/services/featured')).length).toBeLessThanOrEqual(4);
    } finally {
      await adminUpdate(baseUrl, session(), 'PUT', '/settings/services', before.services);
    }
  });

  it('creates, edits and deletes a category through its dialogs', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/categories`);
    await page.getByRole('link', { name: 'Add Category' }).click();
    const create = page.getByRole('dialog', { name: 'Add Category' });
    await create.getByLabel('Display Name').fill('Case Notes');
    expect(await create.getByLabel('Slug').inputValue()).toBe('case-notes');
    await create.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Category created successfully!');

    await page.getByRole('button', { name: 'Edit Case Notes' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Description').fill('Short notes from projects.');
    await edit.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Category updated successfully!');
    await page.getByText('Short notes from projects.').waitFor();

    await page.getByRole('button', { name: 'Delete Case Notes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'Category deleted successfully!');
    await page.getByRole('button', { name: 'Delete Case Notes' }).waitFor({ state: 'detached' });
  });

  it('moves a team member up and down again', async () => {
    const { page } = browser();
    const { teamMembers } = await adminCall<{ teamMembers: { name: string; order: number }[] }>(
      baseUrl,
      session(),
      'GET',
      '/team?limit=100',
    );
    const [first, second] = [...teamMembers].sort((a, b) => a.order - b.order);
    if (!first || !second) throw new Error('the demo team has fewer than two members');
    await page.goto(`${baseUrl}/admin/team`);
    expect(await page.getByRole('button', { name: `Move ${first.name} up` }).isDisabled()).toBe(
      true,
    );

    await page.getByRole('button', { name: `Move ${second.name} up` }).click();
    await banner(page, 'Team member moved up successfully!');
    await page
      .getByRole('button', { name: `Move ${second.name} up` })
      .and(page.locator(':disabled'))
      .waitFor();

    await page.getByRole('button', { name: `Move ${second.name} down` }).click();
    await banner(page, 'Team member moved down successfully!');
    await page
      .getByRole('button', { name: `Move ${first.name} up` })
      .and(page.locator(':disabled'))
      .waitFor();
  });

  it('keeps a list search in the address across an edit and a reload', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/tags`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('react');
    await page.waitForURL(/\?q=react$/);
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await edit.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/admin\/tags\?q=react$/);
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('react');
  });

  it.each(SCREENS)('finds no serious accessibility problem on /admin/%s', async (path, ready) => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
