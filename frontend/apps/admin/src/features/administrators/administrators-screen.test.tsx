import type { Administrator } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN, accountOf, permissionsOf } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const me: Administrator = {
  _id: ADMIN._id,
  name: 'Ada Lovelace',
  email: 'ada@atelier.test',
  role: 'owner',
  permissions: permissionsOf('owner'),
  ownPermissions: [],
  createdAt: '2026-01-05T09:00:00Z',
  isYou: true,
};
const grace: Administrator = {
  _id: '65a1b2c3d4e5f60718293b01',
  name: 'Grace Hopper',
  email: 'grace@atelier.test',
  role: 'editor',
  permissions: permissionsOf('editor'),
  ownPermissions: [],
  createdAt: '2026-02-01T09:00:00Z',
  isYou: false,
};
const invitation = {
  _id: '65a1b2c3d4e5f60718293c01',
  email: 'linus@atelier.test',
  invitedBy: ADMIN._id,
  role: 'sales' as const,
  createdAt: '2026-02-02T09:00:00Z',
  expiresAt: '2026-02-05T09:00:00Z',
};

describe('Administrators', () => {
  it('is reached from the top bar and lists the team with each role', async () => {
    signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me, grace] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
    });
    const { router } = renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Administrators' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/administrators'));
    const list = await screen.findByRole('list', { name: 'Team' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ada Lovelace');
    expect(within(rows[0] as HTMLElement).getByText('You')).toBeVisible();
    expect(within(rows[0] as HTMLElement).getByText('Owner')).toBeVisible();
    expect(within(rows[0] as HTMLElement).queryByRole('combobox')).toBeNull();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(rows[1]).toHaveTextContent('grace@atelier.test');
    expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('editor');
    expect(screen.queryByRole('list', { name: 'Open invitations' })).toBeNull();
  });

  it('changes a role after asking, and leaves it when the question is cancelled', async () => {
    let administrators = [me, grace];
    const { requests } = signedInApi({
      'GET /api/admins': () => json(200, { administrators }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      [`PUT /api/admins/${grace._id}/role`]: async (request: Request) => {
        const { role } = (await request.clone().json()) as { role: 'sales' };
        administrators = [me, { ...grace, role, permissions: permissionsOf(role) }];
        return json(200, administrators[1]);
      },
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role of Grace Hopper' });
    await user.selectOptions(select, 'sales');
    let dialog = await screen.findByRole('alertdialog', { name: "Change Grace Hopper's role?" });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to give Grace Hopper the Sales role? It applies from their next request.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(requests, 'PUT', `/api/admins/${grace._id}/role`)).toHaveLength(0);
    expect(select).toHaveValue('editor');

    await user.selectOptions(select, 'sales');
    dialog = await screen.findByRole('alertdialog', { name: "Change Grace Hopper's role?" });
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('Role changed')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/admins/${grace._id}/role`)[0])).toEqual({
      role: 'sales',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('sales'),
    );
  });

  it('shows why the server refused a role change inside the dialog', async () => {
    signedInApi({
      'GET /api/admins': () => json(200, { administrators: [me, grace] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      [`PUT /api/admins/${grace._id}/role`]: () =>
        json(409, { message: "The Owner's role changes only by handing ownership over" }),
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Grace Hopper' }),
      'author',
    );
    const dialog = await screen.findByRole('alertdialog', { name: "Change Grace Hopper's role?" });
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(
      await within(dialog).findByText("The Owner's role changes only by handing ownership over"),
    ).toBeVisible();
  });

  it('lets the Owner hand ownership over after asking, then reads its own new role', async () => {
    let administrators = [me, grace];
    let verified = ADMIN;
    const { requests } = signedInApi({
      'GET /api/auth/verify': () => json(200, { user: verified }),
      'GET /api/admins': () => json(200, { administrators }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      [`POST /api/admins/${grace._id}/ownership`]: () => {
        const owner = { ...grace, role: 'owner' as const, permissions: permissionsOf('owner') };
        administrators = [
          { ...me, role: 'administrator' as const, permissions: permissionsOf('administrator') },
          owner,
        ];
        verified = accountOf('administrator');
        return json(200, owner);
      },
    });
    renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make Owner' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hand ownership over?' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to make Grace Hopper the Owner? You become an Administrator',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make Owner' }));
    expect(
      await screen.findByText('Ownership handed over: you are now an Administrator'),
    ).toBeVisible();
    expect(callsTo(requests, 'POST', `/api/admins/${grace._id}/ownership`)).toHaveLength(1);
    // An Administrator hands nothing over.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make Owner' })).toBeNull());
    const rows = within(screen.getByRole('list', { name: 'Team' })).getAllByRole('listitem');
    expect(within(rows[1] as HTMLElement).getByText('Owner')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveValue(
      'administrator',
    );
  });

  it('offers an Administrator role changes but no handover', async () => {
    signedInApi(
      {
        'GET /api/admins': () =>
          json(200, {
            administrators: [
              { ...me, isYou: false },
              { ...grace, role: 'administrator', isYou: true },
            ],
          }),
        'GET /api/admins/invitations': () => json(200, { invitations: [] }),
      },
      accountOf('administrator', { _id: grace._id, name: 'Grace Hopper' }),
    );
    renderAdmin('/admin/administrators');
    expect(await screen.findByRole('combobox', { name: 'Role of Grace Hopper' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Make Owner' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' })).toBeNull();
  });

  it('invites by email with a role and shows the one-time link to copy', async () => {
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
    const card = await screen.findByRole('region', { name: 'Invite Someone' });
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));
    expect(await within(card).findByText('Email is required')).toBeVisible();
    await user.type(within(card).getByLabelText(/^Email/), 'linus@atelier.test');
    const role = within(card).getByLabelText(/^Role/);
    expect(role).toHaveValue('editor');
    expect(within(role).queryByRole('option', { name: /^Owner/ })).toBeNull();
    await user.selectOptions(role, 'sales');
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));

    expect(
      await screen.findByText('Invitation created. Copy the link and pass it on.'),
    ).toBeVisible();
    expect(within(card).getByLabelText('Invitation link')).toHaveValue(
      'http://localhost:3000/admin/accept-invite#abc123',
    );
    expect(await bodyOf(callsTo(requests, 'POST', '/api/admins/invitations')[0])).toEqual({
      email: 'linus@atelier.test',
      role: 'sales',
    });
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    expect(open).toHaveTextContent('linus@atelier.test');
    expect(open).toHaveTextContent('Sales');
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
    const card = await screen.findByRole('region', { name: 'Invite Someone' });
    await user.type(within(card).getByLabelText(/^Email/), 'ada@atelier.test');
    await user.click(within(card).getByRole('button', { name: 'Create Invitation' }));
    expect(
      await within(card).findByText('An account with this email already exists'),
    ).toBeVisible();
  });

  it('removes another account after asking', async () => {
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
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove account?' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove Grace Hopper?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Account removed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    expect(callsTo(requests, 'DELETE', `/api/admins/${grace._id}`)).toHaveLength(1);
  });

  it('asks differently before removing yourself, then signs you out', async () => {
    signedInApi(
      {
        'GET /api/admins': () =>
          json(200, {
            administrators: [
              { ...me, isYou: false },
              { ...grace, role: 'administrator', isYou: true },
            ],
          }),
        'GET /api/admins/invitations': () => json(200, { invitations: [] }),
        [`DELETE /api/admins/${grace._id}`]: () => new Response(null, { status: 204 }),
        'POST /api/auth/logout': () => json(401, { message: 'Invalid or expired token' }),
      },
      accountOf('administrator', { _id: grace._id, name: 'Grace Hopper' }),
    );
    const { router } = renderAdmin('/admin/administrators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your own account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
