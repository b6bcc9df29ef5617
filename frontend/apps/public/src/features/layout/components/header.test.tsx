import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

const renderAt = (path: string) => {
  mockApi({ 'GET /api/services/featured': () => json(200, []) });
  return renderRoute(path);
};

describe('Header', () => {
  it('lists Home, About Us, Services, Portfolio, Blog and Contact, and a Get a Quote button', () => {
    renderAt('/portfolio');

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/#about'],
      ['Services', '/services'],
      ['Portfolio', '/portfolio'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ]);
    expect(screen.getAllByRole('link', { name: 'Get a Quote' })[0]).toHaveAttribute(
      'href',
      '/discuss-project',
    );
  });

  it('highlights Home only on an exact match', () => {
    renderAt('/');

    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Services' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('highlights other entries on a path prefix', () => {
    renderAt('/blog/some-post');

    expect(within(mainNav()).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('turns white and shadowed once the page is scrolled more than 50 px', () => {
    renderAt('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('bg-transparent');

    act(() => {
      window.scrollY = 50;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveClass('bg-transparent');

    act(() => {
      window.scrollY = 51;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveClass('bg-white/90', 'backdrop-blur-md', 'shadow-md');
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('closes the mobile menu on a route change', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(menu.parentElement).toBeVisible();

    fireEvent.click(within(menu).getByRole('link', { name: 'Blog' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Our Blog' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(
      screen.getByRole('navigation', { name: 'Mobile', hidden: true }).parentElement,
    ).not.toBeVisible();
  });

  it('offers the newsletter box and the quote button in the mobile menu', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = document.getElementById('mobile-menu');
    if (!menu) throw new Error('no mobile menu');
    expect(within(menu).getByLabelText('Subscribe to our newsletter')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Get a Quote' })).toHaveAttribute(
      'href',
      '/discuss-project',
    );
  });

  it('is hidden, with the footer, on /admin paths', () => {
    renderAt('/admin/settings');

    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('closes the mobile menu with Escape and gives the focus back to its button', () => {
    renderAt('/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);

    fireEvent.keyDown(document, { key: 'Escape' });

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('offers a skip link to the main content first', () => {
    renderAt('/');

    const skip = screen.getAllByRole('link')[0];
    expect(skip).toHaveTextContent('Skip to content');
    expect(skip).toHaveAttribute('href', '#main');
  });
});
