import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';

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
    expect(footer).toHaveTextContent('© 2024 Atelier. All rights reserved.');
    for (const [name, href] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Cookie Policy', '/cookie-policy'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The contact page placeholder makes no call, and neither does the footer.
    expect(requests).toHaveLength(0);
  });

  it('shows the fallback contact details with mail and phone links', () => {
    mockApi({ 'GET /api/services/featured': () => json(200, []) });
    renderRoute('/contact');

    const contact = screen.getByRole('region', { name: 'Contact Info' });
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
});
