import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Routing table', () => {
  it.each([
    ['/', 'Innovative Software Solutions for Your Business'],
    ['/about', 'About Us'],
    ['/services', 'Our Services'],
    ['/portfolio', 'Our Portfolio'],
    ['/project/some-project', 'Project Not Found'],
    ['/blog', 'Our Blog'],
    ['/blog/some-post', 'Post Not Found'],
    ['/contact', 'Contact Us'],
    ['/discuss-project', 'Discuss Your Project'],
    ['/custom-service', 'Custom Services'],
    ['/faq', 'Frequently Asked Questions'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
  ])('renders %s with the heading "%s"', async (path, heading) => {
    mockApi({
      'GET /api/services/featured': () => json(200, []),
      'GET /api/services': () => json(200, []),
      'GET /api/settings': () => json(404, { message: 'Not found' }),
    });

    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows Page Not Found with helpful links and a support mail link on an unknown path', () => {
    mockApi({});
    renderRoute('/no-such-page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Helpful links' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/', '/contact', '/blog', '/services', '/portfolio']);
    expect(screen.getByRole('link', { name: /support@/ }).getAttribute('href')).toMatch(
      /^mailto:support@/,
    );
  });

  it('has an about section to anchor to on the home page', async () => {
    mockApi({ 'GET /api/services/featured': () => json(200, []) });
    renderRoute('/');

    expect(document.getElementById('about')).not.toBeNull();
    expect(document.getElementById('services')).not.toBeNull();
    expect(document.getElementById('contact')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Our Core Values' })).toBeInTheDocument();
  });
});
