import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Scrolling on navigation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/services/featured': () => json(200, []) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the top on a route change', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoute('/blog');
    scrollTo.mockClear();

    act(() => {
      void router.navigate('/contact');
    });

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('scrolls to the hash target 100 ms after the route change, 70 px below the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoute('/blog');
    act(() => {
      void router.navigate('/#services');
    });
    const target = document.getElementById('services');
    if (!target) throw new Error('no #services');
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);
    scrollTo.mockClear();

    act(() => vi.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));

    expect(scrollTo).toHaveBeenCalledWith({ top: 830, behavior: 'smooth' });
  });

  it('smooth-scrolls to the about section from the About Us entry on the home page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoute('/');
    const about = document.getElementById('about');
    if (!about) throw new Error('no #about');
    vi.spyOn(about, 'getBoundingClientRect').mockReturnValue({ top: 600 } as DOMRect);
    scrollTo.mockClear();

    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'About Us',
    });
    const notPrevented = fireEvent.click(link);

    expect(notPrevented).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith({ top: 530, behavior: 'smooth' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets the About Us entry navigate fully to /#about from another page', () => {
    renderRoute('/blog');

    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'About Us',
    });
    const notPrevented = fireEvent.click(link);

    expect(link).toHaveAttribute('href', '/#about');
    expect(notPrevented).toBe(true);
  });
});
