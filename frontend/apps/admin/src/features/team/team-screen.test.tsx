import { json } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { teamMember } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const ADA = teamMember({ name: 'Ada', order: 1, avatar: '/images/demo/team-1.svg' });
const BOB = teamMember({
  name: 'Bob',
  position: 'Designer',
  department: 'Design',
  email: 'bob@atelier.test',
  order: 2,
  status: 'inactive',
});
const CY = teamMember({ name: 'Cy', order: 3 });
const list = (rows = [CY, ADA, BOB]) => ({
  'GET /api/team': () =>
    json(200, { teamMembers: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
});

const memberRows = async () =>
  (await within(await screen.findByRole('table')).findAllByRole('row')).slice(1);

describe('Team Management', () => {
  it('lists members by order with position, department, email, order and status', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/team');

    const rows = await memberRows();
    expect(rows.map((row) => row.querySelector('td p')?.textContent)).toEqual(['Ada', 'Bob', 'Cy']);
    const bob = rows[1] as HTMLElement;
    for (const text of ['Designer', 'Design', 'bob@atelier.test', '2', 'Inactive']) {
      expect(bob).toHaveTextContent(text);
    }
    const call = callsTo(requests, 'GET', '/api/team')[0] as Request;
    expect(new URL(call.url).searchParams.get('limit')).toBe('1000');
  });

  it('stacks each member into a card with labelled facts and its actions on a phone', async () => {
    setMatchingMedia();
    signedInApi(list());
    renderAdmin('/admin/team');

    await screen.findByRole('button', { name: 'Edit Bob' });
    expect(screen.queryByRole('table')).toBeNull();
    const bob = screen.getByRole('button', { name: 'Edit Bob' }).closest('li') as HTMLElement;
    for (const [term, value] of [
      ['Position', 'Designer'],
      ['Department', 'Design'],
      ['Email', 'bob@atelier.test'],
      ['Order', '2'],
      ['Status', 'Inactive'],
    ]) {
      expect(within(bob).getByText(term as string).nextElementSibling).toHaveTextContent(
        value as string,
      );
    }
    expect(within(bob).getByRole('button', { name: 'Delete Bob' })).toBeVisible();
    expect(within(bob).getByRole('button', { name: 'Move Bob up' })).toBeEnabled();
  });

  it('shows the initial when a photo is missing or fails to load', async () => {
    signedInApi(list());
    const { container } = renderAdmin('/admin/team');

    const [ada, bob] = (await memberRows()) as [HTMLElement, HTMLElement];
    expect(bob.querySelector('img')).toBeNull();
    expect(bob.querySelector('td span[aria-hidden="true"]')).toHaveTextContent('B');
    const photo = ada.querySelector('img') as HTMLImageElement;
    expect(photo).toHaveAttribute('src', '/images/demo/team-1.svg');
    fireEvent.error(photo);
    await waitFor(() => expect(container.querySelector('td img')).toBeNull());
  });

  it('disables moving the first member up and the last member down', async () => {
    signedInApi(list());
    renderAdmin('/admin/team');

    expect(await screen.findByRole('button', { name: 'Move Ada up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ada down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Bob up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Bob down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Cy up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Cy down' })).toBeDisabled();
  });

  it('moves a member up and down by one position and refreshes the list', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PATCH /api/team/${BOB._id}/order`]: () => json(200, BOB),
    });
    renderAdmin('/admin/team');
    const user = userEvent.setup();
    const moves = () => callsTo(requests, 'PATCH', `/api/team/${BOB._id}/order`);

    await user.click(await screen.findByRole('button', { name: 'Move Bob up' }));
    expect(await screen.findByText('Team member moved up successfully!')).toBeVisible();
    expect(await bodyOf(moves()[0])).toEqual({ newOrder: 1 });
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/team')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Move Bob down' }));
    expect(await screen.findByText('Team member moved down successfully!')).toBeVisible();
    expect(await bodyOf(moves()[1])).toEqual({ newOrder: 3 });
  });

  it('shows the server message when a move fails', async () => {
    signedInApi({
      ...list(),
      [`PATCH /api/team/${CY._id}/order`]: () => json(404, { message: 'Team member not found' }),
    });
    renderAdmin('/admin/team');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move Cy up' }));
    expect(await screen.findByText('Team member not found')).toBeVisible();
  });

  it('says so when there are no members', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/team');
    expect(
      await screen.findByText('No team members found. Add your first team member to get started!'),
    ).toBeVisible();
  });

  it('checks the required fields, the email format and the minimum order', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/team/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Team Member' });
    await user.type(within(form).getByLabelText(/^Email/), 'nope');
    await user.clear(within(form).getByLabelText(/^Display Order/));
    await user.type(within(form).getByLabelText(/^Display Order/), '0');
    await user.type(within(form).getByLabelText('LinkedIn'), 'linkedin.com/in/x');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Position is required')).toBeVisible();
    expect(within(form).getByText('Please enter a valid email address')).toBeVisible();
    expect(within(form).getByText('Display order must be at least 1')).toBeVisible();
    expect(within(form).getByText('Please enter a valid URL')).toBeVisible();

    await user.clear(within(form).getByLabelText(/^Email/));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Email is required')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/team')).toHaveLength(0);
  });

  it('suggests the next order for a new member and sends the whole profile', async () => {
    const { requests } = signedInApi({
      ...list(),
      'POST /api/team': () => json(201, ADA),
    });
    const { router } = renderAdmin('/admin/team');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Team Member' }));
    const form = await screen.findByRole('region', { name: 'Add Team Member' });
    expect(within(form).getByLabelText(/^Display Order/)).toHaveValue(4);
    const status = within(form).getByLabelText('Status');
    expect(status).toHaveValue('active');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'Inactive']);

    await user.type(within(form).getByLabelText(/^Name/), ' Dee ');
    await user.type(within(form).getByLabelText(/^Position/), 'Designer');
    await user.type(within(form).getByLabelText(/^Email/), 'dee@atelier.test');
    await user.type(within(form).getByLabelText('Department'), 'Design');
    await user.type(within(form).getByLabelText('Avatar URL'), '/images/dee.webp');
    await user.type(within(form).getByLabelText('Bio'), 'Draws things.');
    await user.type(within(form).getByLabelText('Skills'), 'Figma{Enter}  {Enter} Type {Enter}');
    await user.type(within(form).getByLabelText('GitHub'), 'https://github.com/dee');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Team member created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/team')[0])).toEqual({
      name: 'Dee',
      position: 'Designer',
      email: 'dee@atelier.test',
      order: 4,
      department: 'Design',
      avatar: '/images/dee.webp',
      bio: 'Draws things.',
      skills: ['Figma', 'Type'],
      status: 'active',
      socialLinks: { linkedin: '', twitter: '', github: 'https://github.com/dee', website: '' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/team'));
  });

  it('updates a member, keeping the demo photo path', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PUT /api/team/${ADA._id}`]: () => json(200, ADA),
    });
    renderAdmin('/admin/team');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Ada' }));
    const form = await screen.findByRole('region', { name: 'Edit Team Member' });
    expect(within(form).getByLabelText(/^Display Order/)).toHaveValue(1);
    await user.selectOptions(within(form).getByLabelText('Status'), 'inactive');
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Team member updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/team/${ADA._id}`)[0])).toMatchObject({
      name: 'Ada',
      avatar: '/images/demo/team-1.svg',
      order: 1,
      status: 'inactive',
    });
  });
});

describe('Team avatar from the media library', () => {
  it('puts the chosen image URL in the avatar field', async () => {
    const hash = 'ef'.repeat(32);
    signedInApi({
      ...list(),
      'GET /api/media': () =>
        json(200, {
          media: [
            {
              _id: '65a1b2c3d4e5f60000000fff',
              title: 'Ada portrait',
              alt: '',
              tags: [],
              kind: 'image',
              mimeType: 'image/png',
              fileName: 'ada.png',
              size: 10,
              width: 800,
              height: 800,
              url: `/media/${hash}.png`,
              variants: [{ url: `/media/${hash}-480w.webp`, width: 480, height: 480, size: 5 }],
              createdAt: '2026-03-04T10:00:00Z',
              updatedAt: '2026-03-04T10:00:00Z',
            },
          ],
          totalItems: 1,
          totalPages: 1,
          currentPage: 1,
        }),
    });
    renderAdmin(`/admin/team/edit/${ADA._id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Ada portrait' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose an image' })).toBeNull(),
    );
    expect(screen.getByRole('textbox', { name: 'Avatar URL' })).toHaveValue(`/media/${hash}.png`);
  });
});
