import { describe, expect, it } from 'vitest';
import { adminCall, adminUpdate, banner, signedInSuite } from '../support/admin-session';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

describe('What the owner sets is what visitors see, against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('changes a hero text and hides a section on the Home page screen, and the home page shows it', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/home-page`);
    await page.getByRole('button', { name: 'Edit Home Page' }).click();
    const hero = page.getByRole('group', { name: 'Hero' });
    const title = hero.getByLabel(/^Title/);
    await title.fill('Software that outlasts the hype');
    const faq = page.getByRole('group', { name: 'FAQ' });
    await faq.getByLabel('Heading', { exact: true }).fill('Questions, answered');
    await page.getByRole('group', { name: 'Features strip' }).getByLabel('Shown').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await banner(page, 'Home page saved successfully!');

    await page.goto(`${baseUrl}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Software that outlasts the hype' })
      .waitFor();
    await page.getByRole('heading', { name: 'Questions, answered' }).waitFor();
    expect(await page.getByText('Cutting-Edge Technology').count()).toBe(0);
    // The page's own HTML is not older than the record: a reload shows the same.
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'Software that outlasts the hype' })
      .waitFor();
  });

  it('shows the description, the name, the year and a social link the owner set in the footer', async () => {
    const { page } = browser();
    await adminUpdate(baseUrl, session(), 'PUT', '/settings', {
      siteName: 'Studio Nord',
      siteDescription: 'Software from the north, made to last.',
      socialMedia: { github: 'https://github.com/studio-nord' },
    });
    await page.goto(`${baseUrl}/contact`);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Software from the north, made to last.').waitFor();
    await footer
      .getByText(`© ${new Date().getFullYear()} Studio Nord. All rights reserved.`)
      .waitFor();
    expect(await footer.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe(
      'https://github.com/studio-nord',
    );
  });

  it("shows each blog card's own category as its badge", async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/blog`);
    const card = page.getByTestId('blog-card').first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(
      /Web Development|Mobile Apps|UI\/UX Design|SEO & Growth|Cloud & DevOps|Software Architecture|Agency Life|Company News/,
    );
    expect(await page.getByTestId('blog-card').filter({ hasText: 'Technology' }).count()).toBe(0);
  });

  it('shows the price the back office shows on the services page, with every feature', async () => {
    const { page } = browser();
    await adminUpdate(baseUrl, session(), 'PUT', '/settings/services', {
      showPrices: true,
      defaultPriceDisplay: 'Ask us',
    });
    const services = await adminCall<{ _id: string; title: string }[]>(
      baseUrl,
      session(),
      'GET',
      '/services?status=active',
    );
    const [priced, unpriced] = services;
    if (!priced || !unpriced) throw new Error('the demo has two active services');
    await adminUpdate(baseUrl, session(), 'PUT', `/services/${priced._id}`, {
      price: 9500,
      priceDisplay: '',
      showPrice: true,
      features: ['One', 'Two', 'Three', 'Four', 'Five'],
    });
    await adminUpdate(baseUrl, session(), 'PUT', `/services/${unpriced._id}`, {
      price: null,
      priceDisplay: '',
      showPrice: true,
    });
    await page.goto(`${baseUrl}/services`);
    const card = page.getByTestId('service-card').filter({ hasText: priced.title }).first();
    await card.getByText('$9,500+').waitFor();
    await card.getByText('Five').waitFor();
    const other = page.getByTestId('service-card').filter({ hasText: unpriced.title }).first();
    await other.getByText('Ask us').waitFor();
  });
});
