import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite } from '../support/admin-session';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** A record's form, whether the screen opens it as a dialog or as a panel above the list. */
const formNamed = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title }).or(page.getByRole('region', { name: title }));

/** Deletes `label` through its row button and the confirm dialog's exact question. */
const deleteThrough = async (page: Page, label: string, question: string, done: string) => {
  await page.getByRole('button', { name: `Delete ${label}`, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  expect(await dialog.textContent()).toContain(question);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await banner(page, done);
  await page.getByRole('button', { name: `Delete ${label}`, exact: true }).waitFor({
    state: 'detached',
  });
};

describe('Back office: each catalogue record created, edited and deleted in the browser', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('tags: add with a colour and type, rename, delete', async () => {
    const { page } = browser();
    const name = `Edge ${Date.now()}`;
    await page.goto(`${baseUrl}/admin/tags`);
    await page.getByRole('link', { name: 'Add Tag' }).click();
    let form = formNamed(page, 'Add Tag');
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Type').selectOption('portfolio');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Tag created successfully!');
    const tags = await adminCall<{ name: string; type: string; color: string }[]>(
      baseUrl,
      session(),
      'GET',
      '/tags',
    );
    expect(tags.find((tag) => tag.name === name)).toEqual(
      expect.objectContaining({ type: 'portfolio', color: '#10B981' }),
    );

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    form = formNamed(page, 'Edit Tag');
    await form.getByLabel(/^Name/).fill(`${name} renamed`);
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Tag updated successfully!');
    await deleteThrough(
      page,
      `${name} renamed`,
      'Are you sure you want to delete this tag?',
      'Tag deleted successfully!',
    );
  });

  it('technologies: add one with a website, feature it, delete it', async () => {
    const { page } = browser();
    const name = `Zig ${Date.now()}`;
    await page.goto(`${baseUrl}/admin/technologies`);
    await page.getByRole('link', { name: 'Add Technology' }).click();
    let form = formNamed(page, 'Add Technology');
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Category/).selectOption('backend');
    await form.getByLabel('Website').fill('not a url');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Please enter a valid URL').waitFor();
    await form.getByLabel('Website').fill('https://ziglang.org');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Technology created successfully!');

    await page.goto(`${baseUrl}/admin/technologies?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    form = formNamed(page, 'Edit Technology');
    expect(await form.getByLabel('Website').inputValue()).toBe('https://ziglang.org');
    await form.getByLabel('Featured Technology').check();
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Technology updated successfully!');
    const featured = await apiGet(baseUrl, '/technologies/featured');
    expect(featured.data.map((technology) => technology.name)).toContain(name);

    await deleteThrough(
      page,
      name,
      'Are you sure you want to delete this technology?',
      'Technology deleted successfully!',
    );
  });

  it('testimonials: a pending one stays private until approved, then is deleted', async () => {
    const { page } = browser();
    const name = `Reviewer ${Date.now()}`;
    const publicNames = async () =>
      (await apiGet(baseUrl, '/testimonials', { limit: 100 })).testimonials.map(
        (testimonial) => testimonial.name,
      );
    await page.goto(`${baseUrl}/admin/testimonials`);
    await page.getByRole('link', { name: 'Add Testimonial' }).click();
    let form = formNamed(page, 'Add Testimonial');
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Company/).fill('Review Co');
    await form.getByLabel('Content').fill('Careful, fast and **kind**.');
    await form.getByLabel('Rating').selectOption('4');
    await form.getByLabel('Status').selectOption('pending');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Testimonial created successfully!');
    expect(await publicNames()).not.toContain(name);

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    form = formNamed(page, 'Edit Testimonial');
    await form.getByLabel('Status').selectOption('approved');
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Testimonial updated successfully!');
    expect(await publicNames()).toContain(name);

    await deleteThrough(
      page,
      name,
      'Are you sure you want to delete this testimonial?',
      'Testimonial deleted successfully!',
    );
    expect(await publicNames()).not.toContain(name);
  });

  it('team: adds a member with skills at the end of the order, edits and deletes them', async () => {
    const { page } = browser();
    const name = `Member ${Date.now()}`;
    await page.goto(`${baseUrl}/admin/team`);
    await page.getByRole('link', { name: 'Add Team Member' }).click();
    let form = formNamed(page, 'Add Team Member');
    const members = await adminCall<{ totalItems: number }>(baseUrl, session(), 'GET', '/team');
    expect(await form.getByLabel(/^Display Order/).inputValue()).toBe(
      String(members.totalItems + 1),
    );
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Position/).fill('Engineer');
    await form.getByLabel(/^Email/).fill(`member-${Date.now()}@example.com`);
    await form.getByLabel('Skills', { exact: true }).fill('Rust');
    await form.getByLabel('Skills', { exact: true }).press('Enter');
    await form.getByLabel('Skills', { exact: true }).fill('SQL');
    await form.getByLabel('Skills', { exact: true }).press('Enter');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Team member created successfully!');

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    form = formNamed(page, 'Edit Team Member');
    await form.getByLabel(/^Position/).fill('Lead Engineer');
    await form.getByRole('button', { name: 'Update' }).click();
    await banner(page, 'Team member updated successfully!');
    const after = await adminCall<{
      teamMembers: { name: string; position: string; skills: string[] }[];
    }>(baseUrl, session(), 'GET', '/team?limit=1000');
    expect(after.teamMembers.find((member) => member.name === name)).toEqual(
      expect.objectContaining({ position: 'Lead Engineer', skills: ['Rust', 'SQL'] }),
    );

    await deleteThrough(
      page,
      name,
      'Are you sure you want to delete this team member?',
      'Team member deleted successfully!',
    );
  });

  it('services: a new active service appears on /services and goes again when deleted', async () => {
    const { page } = browser();
    const title = `Audits ${Date.now()}`;
    await page.goto(`${baseUrl}/admin/services`);
    await page.getByRole('link', { name: 'Add Service' }).click();
    const form = formNamed(page, 'Add Service');
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Full Description/).fill('We audit **everything**.');
    await form.getByLabel('Features', { exact: true }).fill('Security review');
    await form.getByLabel('Features', { exact: true }).press('Enter');
    await form.getByRole('button', { name: 'Create' }).click();
    await banner(page, 'Service created successfully!');

    const services = await apiGet(baseUrl, '/services');
    expect(services.find((service) => service.title === title)?.features).toEqual([
      'Security review',
    ]);
    await page.goto(`${baseUrl}/services`);
    await page.getByText(title).first().waitFor();

    await page.goto(`${baseUrl}/admin/services`);
    await deleteThrough(
      page,
      title,
      'Are you sure you want to delete this service?',
      'Service deleted successfully!',
    );
    const left = await apiGet(baseUrl, '/services');
    expect(left.map((service) => service.title)).not.toContain(title);
  });
});
