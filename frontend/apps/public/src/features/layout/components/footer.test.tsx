import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_DEFAULTS } from '@/lib/home-defaults';
import { renderRoute } from '@/test/render-route';

const linksIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Footer', () => {
  it('shows the blurb, the services, the quick links, the copyright and the policy links', () => {
    const { requests } = mockApi({});
    renderRoute('/contact');
    const footer = screen.getByRole('contentinfo');

    expect(footer).toHaveTextContent(
      'Innovative software solutions that turn ideas into digital experiences, for businesses of all sizes.',
    );
    expect(linksIn('Services')).toEqual(
      [
        'Mobile App Development',
        'Web Development',
        'UI/UX Design',
        'SEO Services',
        'Custom Software',
      ].map((name) => [name, '/#services']),
    );
    expect(linksIn('Quick Links')).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Portfolio', '/portfolio'],
      ['Contact', '/contact'],
      ['Get a Quote', '/discuss-project'],
    ]);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Atelier. All rights reserved.`);
    for (const [name, href] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Cookie Policy', '/cookie-policy'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The footer asks for the contact details once.
    expect(
      requests.filter((request) => new URL(request.url).pathname === '/api/contact-details'),
    ).toHaveLength(1);
  });

  it("shows the owner's description, name, year and services", async () => {
    mockApi({
      'GET /api/settings': () =>
        json(200, {
          siteName: 'Studio Nord',
          siteDescription: 'Apps for the north.',
          contactEmail: '',
          supportEmail: '',
          socialMedia: { facebook: '', twitter: '', linkedin: '', instagram: '', github: '' },
          services: { showPrices: false, defaultPriceDisplay: 'Ask us', maxServicesDisplay: 6 },
          updatedAt: '2024-01-01T00:00:00Z',
        }),
      'GET /api/home-page': () =>
        json(200, { ...HOME_DEFAULTS, footerServices: ['Rust Consulting'] }),
    });
    renderRoute('/contact');
    const footer = screen.getByRole('contentinfo');

    expect(await within(footer).findByText('Apps for the north.')).toBeVisible();
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Studio Nord. All rights reserved.`,
    );
    expect(await within(footer).findByRole('link', { name: 'Rust Consulting' })).toHaveAttribute(
      'href',
      '/#services',
    );
    expect(within(footer).queryByRole('link', { name: 'Web Development' })).toBeNull();
  });

  it('shows the fallback contact details with mail and phone links when the server has none', async () => {
    mockApi({ 'GET /api/contact-details': () => json(404, { message: 'Not found' }) });
    renderRoute('/contact');

    const contact = screen.getByRole('region', { name: 'Contact Info' });
    await within(contact).findByText(/United States/);
    expect(within(contact).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    expect(within(contact).getByRole('link', { name: /\d/ }).getAttribute('href')).toMatch(/^tel:/);
    expect(within(contact).getByText(/United States/)).toBeInTheDocument();
  });

  it('offers four placeholder social links opening in a new tab', () => {
    mockApi({});
    renderRoute('/contact');

    const social = within(screen.getByRole('region', { name: 'About Atelier' }))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank');
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Twitter',
      'LinkedIn',
      'Instagram',
    ]);
    for (const link of social) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows a spinner while the contact details load', () => {
    mockApi({ 'GET /api/contact-details': never });
    renderRoute('/contact');

    const contact = screen.getByRole('region', { name: 'Contact Info' });
    expect(within(contact).getByRole('status', { name: 'Loading contact details' })).toBeVisible();
  });

  it("shows the server's email, phone and address, each only when present", async () => {
    mockApi({
      'GET /api/contact-details': () =>
        json(200, {
          email: 'studio@atelier.test',
          phone: '',
          address: '1 Quay Street\nDublin',
          googleMapsUrl: '',
          socialMedia: {},
          updatedAt: '2024-01-01T00:00:00Z',
        }),
    });
    renderRoute('/contact');

    const contact = screen.getByRole('region', { name: 'Contact Info' });
    expect(
      await within(contact).findByRole('link', { name: 'studio@atelier.test' }),
    ).toHaveAttribute('href', 'mailto:studio@atelier.test');
    expect(within(contact).queryByRole('link', { name: /\d/ })).toBeNull();
    expect(within(contact).getByText('Dublin')).toBeInTheDocument();
    expect(within(contact).queryByText(/United States/)).toBeNull();
  });

  it('shows only the configured social links with a known network and a link', async () => {
    mockApi({
      'GET /api/contact-details': () =>
        json(200, {
          email: '',
          phone: '',
          address: '',
          googleMapsUrl: '',
          socialMedia: {
            github: 'https://github.com/atelier',
            facebook: '',
            discord: 'https://discord.gg/x',
            youtube: 'https://youtube.com/@atelier',
          },
          updatedAt: '2024-01-01T00:00:00Z',
        }),
    });
    renderRoute('/contact');

    const brand = screen.getByRole('region', { name: 'About Atelier' });
    await within(brand).findByRole('link', { name: 'GitHub' });
    expect(
      within(brand)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('target') === '_blank')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['GitHub', 'https://github.com/atelier'],
      ['YouTube', 'https://youtube.com/@atelier'],
    ]);
  });
});
