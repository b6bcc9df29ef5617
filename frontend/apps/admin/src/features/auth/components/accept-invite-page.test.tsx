import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo } from '@/test/admin-api';
import { ADMIN, TOKEN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

describe('Accepting an invitation', () => {
  it('shows the invited email, checks the fields, creates the account and signs in', async () => {
    const { requests } = mockApi({
      'POST /api/auth/invitations/inspect': () =>
        json(200, { email: 'grace@atelier.test', expiresAt: '2026-02-05T09:00:00Z' }),
      'POST /api/auth/invitations/accept': () => json(201, { token: TOKEN, user: ADMIN }),
      'GET /api/auth/verify': () => json(200, { user: ADMIN }),
    });
    const { router } = renderAdmin('/admin/accept-invite#secret-token');
    const user = userEvent.setup();
    expect(await screen.findByText('grace@atelier.test')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/auth/invitations/inspect')[0])).toEqual({
      token: 'secret-token',
    });

    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Password must be at least 12 characters')).toBeVisible();

    await user.type(screen.getByLabelText(/^Name/), 'Grace Hopper');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'grace-password-123');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'grace-password-123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(await bodyOf(callsTo(requests, 'POST', '/api/auth/invitations/accept')[0])).toEqual({
      token: 'secret-token',
      name: 'Grace Hopper',
      password: 'grace-password-123',
    });
  });

  it('says when the link is no longer valid', async () => {
    mockApi({
      'POST /api/auth/invitations/inspect': () =>
        json(404, { message: 'This invitation link is invalid or has expired' }),
    });
    renderAdmin('/admin/accept-invite#used-token');
    expect(await screen.findByText('This invitation link is invalid or has expired')).toBeVisible();
  });

  it('says so without asking the server when the link has no token', async () => {
    const { requests } = mockApi({});
    renderAdmin('/admin/accept-invite');
    expect(await screen.findByText('This invitation link is invalid or has expired')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/auth/invitations/inspect')).toHaveLength(0);
  });
});
