import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const me = {
  _id: ADMIN._id,
  name: 'Ada Lovelace',
  email: 'ada@atelier.test',
  createdAt: '2026-01-05T09:00:00Z',
  isYou: true,
};
const grace = {
  _id: '65a1b2c3d4e5f60718293b01',
  name: 'Grace Hopper',
  email: 'grace@atelier.test',
  createdAt: '2026-02-01T09:00:00Z',
  isYou: false,
};
const invitation = {
  _id: '65a1b2c3d4e5f60718293c01',
  email: 'linus@atelier.test',
  invitedBy: ADMIN._id,
  createdAt: '2026-02-02T09:00:00Z',
  expiresAt: '2026-02-05T09:00:00Z',
};

describe('Administrators', () => {
  it('is reached from the top bar and lists the administrators', async () => {
    signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me, grace] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
    });
    const { router } = renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Administrators' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/administrators'));
    const list = await screen.findByRole('list', { name: 'Administrators' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ada Lovelace');
    expect(within(rows[0] as HTMLElement).getByText('You')).toBeVisible();
    expect(rows[1]).toHaveTextContent('grace@atelier.test');
    expect(screen.queryByRole('list', { name: 'Open invitations' })).toBeNull();
  });

  it('invites by email and shows the one-time link to copy', async () => {
    let invitations: (typeof invitation)[] = [];
    const { requests } = signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me] }),
      'GET /api/admins/invitations': () => json(200, { invitations }),
      'POST /api/admins/invitations': () => {
        invitations = [invitation];
        return json(201, { invitation, link: '/admin/accept-invite#abc123', mailed: false });
      },
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Invite an Administrator' });
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));
    expect(await within(card).findByText('Email is required')).toBeVisible();
    await user.type(within(card).getByLabelText(/^Email/), 'linus@atelier.test');
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));

    expect(
      await screen.findByText('Invitation created. Copy the link and pass it on.'),
    ).toBeVisible();
    expect(within(card).getByLabelText('Invitation link')).toHaveValue(
      'http://localhost:3000/admin/accept-invite#abc123',
    );
    expect(await bodyOf(callsTo(requests, 'POST', '/api/admins/invitations')[0])).toEqual({
      email: 'linus@atelier.test',
    });
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    expect(open).toHaveTextContent('linus@atelier.test');
  });

  it('shows why an invitation was refused', async () => {
    signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      'POST /api/admins/invitations': () =>
        json(409, { message: 'An account with this email already exists' }),
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Invite an Administrator' });
    await user.type(within(card).getByLabelText(/^Email/), 'ada@atelier.test');
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));
    expect(
      await within(card).findByText('An account with this email already exists'),
    ).toBeVisible();
  });

  it('removes another administrator after asking', async () => {
    let administrators = [me, grace];
    const { requests } = signedInApi({
      'GET /api/admins': () => json(200, { administrators }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      [`DELETE /api/admins/${grace._id}`]: () => {
        administrators = [me];
        return new Response(null, { status: 204 });
      },
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove administrator?' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove Grace Hopper?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Administrator removed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    expect(callsTo(requests, 'DELETE', `/api/admins/${grace._id}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Ada Lovelace' })).toBeDisabled();
  });

  it('asks differently before removing yourself, then signs you out', async () => {
    signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me, grace] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      [`DELETE /api/admins/${me._id}`]: () => new Response(null, { status: 204 }),
      'POST /api/auth/logout': () => json(401, { message: 'Invalid or expired token' }),
    });
    const { router } = renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your own account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
