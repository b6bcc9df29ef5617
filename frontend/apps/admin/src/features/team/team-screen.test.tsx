import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '../../test/admin-api';
import { json } from '../../test/mock-api';
import { teamMember } from '../../test/records';
import { renderAdmin } from '../../test/render-app';

const ADA = teamMember({ name: 'Ada', order: 1 });
const BOB = teamMember({ name: 'Bob', order: 2 });
const CY = teamMember({ name: 'Cy', order: 3 });
const list = (rows = [CY, ADA, BOB]) => ({
  'GET /api/team': () =>
    json(200, { teamMembers: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
});

describe('Team Management', () => {
  it('orders members and disables moving past either end', async () => {
    signedInApi(list());
    renderAdmin('/admin/team');

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.querySelector('td p')?.textContent)).toEqual(['Ada', 'Bob', 'Cy']);
    expect(screen.getByRole('button', { name: 'Move Ada up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ada down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Cy down' })).toBeDisabled();
  });

  it('moves a member and says so', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PATCH /api/team/${BOB._id}/order`]: () => json(200, BOB),
    });
    renderAdmin('/admin/team');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move Bob up' }));
    expect(await screen.findByText('Team member moved up successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/team/${BOB._id}/order`)[0])).toEqual({
      newOrder: 1,
    });

    await user.click(screen.getByRole('button', { name: 'Move Bob down' }));
    expect(await screen.findByText('Team member moved down successfully!')).toBeVisible();
  });

  it('suggests the next order for a new member and checks the fields', async () => {
    const { requests } = signedInApi({
      ...list(),
      'POST /api/team': () => json(201, ADA),
    });
    renderAdmin('/admin/team');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Team Member' }));
    const form = await screen.findByRole('region', { name: 'Add Team Member' });
    expect(within(form).getByLabelText(/Display Order/)).toHaveValue(4);
    await user.type(within(form).getByLabelText(/^Email/), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Please enter a valid email address')).toBeVisible();

    await user.type(within(form).getByLabelText(/^Name/), 'Dee');
    await user.type(within(form).getByLabelText(/^Position/), 'Designer');
    await user.clear(within(form).getByLabelText(/^Email/));
    await user.type(within(form).getByLabelText(/^Email/), 'dee@atelier.test');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Team member created successfully!')).toBeVisible();
    await waitFor(() => expect(callsTo(requests, 'POST', '/api/team')).toHaveLength(1));
    expect(await bodyOf(callsTo(requests, 'POST', '/api/team')[0])).toMatchObject({
      name: 'Dee',
      order: 4,
      status: 'active',
    });
  });

  it('says so when there are no members', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/team');
    expect(
      await screen.findByText('No team members found. Add your first team member to get started!'),
    ).toBeVisible();
  });
});
