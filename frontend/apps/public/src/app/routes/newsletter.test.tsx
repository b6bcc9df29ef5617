import { mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Newsletter link pages', () => {
  it.each([
    ['/newsletter/unsubscribe?token=abc', 'Unsubscribe', 'Unsubscribe'],
    ['/newsletter/confirm?token=abc', 'Confirm Your Subscription', 'Confirm Subscription'],
  ])(
    '%s asks before acting, with a form that posts to its own address',
    async (path, title, label) => {
      mockApi({});
      renderRoute(path);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const button = screen.getByRole('button', { name: label });
      const form = button.closest('form');
      expect(form).toHaveAttribute('method', 'post');
      // No action: the browser posts to the page's own address, token included, without a script.
      expect(form).not.toHaveAttribute('action');
    },
  );

  it.each([
    ['/newsletter/confirmed', 'Subscription Confirmed'],
    ['/newsletter/unsubscribed', 'You Are Unsubscribed'],
    ['/newsletter/invalid-link', 'This Link No Longer Works'],
  ])('%s says what happened and leads home', async (path, title) => {
    mockApi({});
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
