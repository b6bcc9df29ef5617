import { customFetch } from '@atelier/api-client/http';
import { json, type MockHandler, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, storeSession, TOKEN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const SIDEBAR = [
  ['Dashboard', '/admin/dashboard'],
  ['Insights', '/admin/insights'],
  ['Blog Posts', '/admin/blog'],
  ['Categories', '/admin/categories'],
  ['Tags', '/admin/tags'],
  ['Technologies', '/admin/technologies'],
  ['Services', '/admin/services'],
  ['Portfolio', '/admin/portfolio'],
  ['Testimonials', '/admin/testimonials'],
  ['Team', '/admin/team'],
  ['Media Library', '/admin/media'],
  ['Project Requests', '/admin/project-requests'],
  ['Contact Messages', '/admin/contacts'],
  ['Newsletter', '/admin/newsletter'],
  ['Contact Details', '/admin/contact-details'],
  ['FAQ', '/admin/faq'],
  ['Content', '/admin/content'],
  ['Home Page', '/admin/home-page'],
  ['Redirects', '/admin/redirects'],
  ['Settings', '/admin/settings'],
  ['Help Center', '/admin/help'],
];

const signedIn = (handlers: Record<string, MockHandler> = {}) => {
  storeSession();
  return mockApi({ 'GET /api/auth/verify': () => json(200, { user: ADMIN }), ...handlers });
};

const expectSignedOutAtLogin = async (router: ReturnType<typeof renderAdmin>['router']) => {
  expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/login');
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
  expect(localStorage.getItem('adminAuthenticated')).toBeNull();
};

describe('Back-office layout', () => {
  it('lists every sidebar entry of the specification in its order', async () => {
    signedIn();
    renderAdmin('/admin/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SIDEBAR);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByTestId('brand-logo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atelier' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('welcomes the administrator by name on the dashboard, with the quick links', async () => {
    signedIn();
    renderAdmin('/admin/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace!' }),
    ).toBeVisible();
    const quickLinks = within(screen.getByRole('region', { name: 'Quick Links' }));
    expect(quickLinks.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/blog/new',
      '/admin/portfolio/new',
      '/admin/faqs',
      '/admin/categories',
    ]);
  });

  it('opens every screen of the sidebar, the Media Library last to be built', async () => {
    signedIn();
    renderAdmin('/admin/media');

    expect(await screen.findByRole('heading', { level: 1, name: 'Media Library' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeVisible();
    expect(screen.queryByText('Media Library is coming soon.')).toBeNull();
  });

  it.each(['/admin/', '/admin/no-such-screen', '/admin/no/such/screen'])(
    'shows the dashboard for %s',
    async (path) => {
      signedIn();
      const { router } = renderAdmin(path);

      expect(
        await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace!' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe('/admin/dashboard');
    },
  );

  it('moves between screens from the sidebar', async () => {
    signedIn();
    const { router } = renderAdmin('/admin/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Media Library' }));

    expect(await screen.findByRole('heading', { name: 'Media Library' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/media');
  });

  it('collapses the sidebar on desktop and remembers it', async () => {
    signedIn();
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('complementary', { name: 'Back office' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(localStorage.getItem('adminSidebarCollapsed')).toBe('true');
  });

  it('slides the sidebar in on mobile and out again after choosing a screen', async () => {
    signedIn();
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    const sidebar = await screen.findByRole('complementary', { name: 'Back office' });
    expect(sidebar).toHaveAttribute('data-mobile-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar).toHaveAttribute('data-mobile-open', 'true');

    await user.click(within(sidebar).getByRole('link', { name: 'Tags' }));
    await screen.findByRole('heading', { name: 'Tag Management' });
    expect(sidebar).toHaveAttribute('data-mobile-open', 'false');
  });
});

describe('Sign-out', () => {
  it('revokes the token on the server and ends at the sign-in page', async () => {
    const { requests } = signedIn({
      'POST /api/auth/logout': () => json(200, { message: 'Logged out successfully' }),
    });
    const { router } = renderAdmin('/admin/dashboard');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));

    await expectSignedOutAtLogin(router);
    const logout = requests.find((request) => request.url.endsWith('/api/auth/logout'));
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('still ends at the sign-in page when the server fails', async () => {
    signedIn({ 'POST /api/auth/logout': () => json(500, { message: 'Internal server error' }) });
    const { router } = renderAdmin('/admin/settings');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));

    await expectSignedOutAtLogin(router);
  });

  it('still ends at the sign-in page when the server cannot be reached', async () => {
    signedIn({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderAdmin('/admin/dashboard');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));

    await expectSignedOutAtLogin(router);
  });

  it('ends the session when a later call answers 401', async () => {
    signedIn({ 'GET /api/services': () => json(401, { message: 'Session expired' }) });
    const { router, queryClient } = renderAdmin('/admin/dashboard');
    await screen.findByRole('button', { name: 'Sign out' });

    await queryClient
      .fetchQuery({ queryKey: ['services'], queryFn: () => customFetch('/services') })
      .catch(() => undefined);

    await expectSignedOutAtLogin(router);
  });

  it('ends the session when another tab signs out', async () => {
    signedIn();
    const { router } = renderAdmin('/admin/dashboard');
    await screen.findByRole('button', { name: 'Sign out' });

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));

    await expectSignedOutAtLogin(router);
  });
});
