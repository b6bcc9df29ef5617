import { json } from '@atelier/api-client/test/mock-api';
import { faDatabase, faDesktop } from '@fortawesome/free-solid-svg-icons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { technology } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const REACT = technology({ featured: true, order: 1 });
const PG = technology({
  name: 'PostgreSQL',
  category: 'database',
  description: 'The relational database we trust',
  color: '#336791',
  status: 'inactive',
  usageCount: 5,
  order: 2,
});
const DOCKER = technology({
  name: 'Docker',
  category: 'devops',
  description: 'Containers for every service',
  color: '#2496ED',
  order: 3,
});
const list = (rows = [DOCKER, PG, REACT]) => ({
  'GET /api/technologies': () => json(200, { data: rows }),
});

const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
/** The names on the cards, in their order. */
const cardNames = () =>
  within(screen.getByRole('region', { name: 'Technology Management' }))
    .queryAllByRole('listitem')
    .map((card) => card.querySelector('p')?.firstChild?.textContent);
/** The drawing of a card's category icon. */
const iconPathOf = (card: HTMLElement) =>
  card.querySelector('span[aria-hidden="true"] svg path')?.getAttribute('d');

const search = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await user.clear(box);
  await user.type(box, text);
};

describe('Technology Management', () => {
  it('shows a card per technology by order with its icon, category, star, status, usage and order', async () => {
    signedInApi(list());
    renderAdmin('/admin/technologies');

    await screen.findByText('PostgreSQL');
    expect(cardNames()).toEqual(['React', 'PostgreSQL', 'Docker']);
    expect(screen.queryByRole('table')).toBeNull();

    const pg = cardOf('PostgreSQL');
    expect(pg).toHaveTextContent('Database');
    expect(pg).toHaveTextContent('Inactive');
    expect(pg).toHaveTextContent('The relational database we trust');
    expect(pg).toHaveTextContent('Usage: 5');
    expect(pg).toHaveTextContent('Order: 2');
    expect(within(pg).queryByRole('img', { name: 'Featured' })).toBeNull();
    const square = pg.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(square).toHaveStyle({ backgroundColor: '#336791' });
    expect(iconPathOf(pg)).toBe(faDatabase.icon[4]);

    const react = cardOf('React');
    expect(within(react).getByRole('img', { name: 'Featured' })).toBeVisible();
    expect(react).toHaveTextContent('Frontend');
    expect(react).toHaveTextContent('Active');
    expect(iconPathOf(react)).toBe(faDesktop.icon[4]);
    expect(within(react).getByRole('button', { name: 'Edit React' })).toBeVisible();
    expect(within(react).getByRole('button', { name: 'Delete React' })).toBeVisible();
  });

  it('searches names and descriptions', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    await screen.findByText('React');
    await search(user, 'docker');
    await waitFor(() => expect(cardNames()).toEqual(['Docker']));
    expect(router.state.location.search).toBe('?q=docker');

    await search(user, 'relational');
    await waitFor(() => expect(cardNames()).toEqual(['PostgreSQL']));
  });

  it('filters by category and status', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    await screen.findByText('React');
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Categories',
      'Frontend',
      'Backend',
      'Database',
      'DevOps',
      'Mobile',
      'Design',
      'Other',
    ]);
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'Active', 'Inactive']);

    await user.selectOptions(status, 'active');
    expect(router.state.location.search).toBe('?status=active');
    expect(cardNames()).toEqual(['React', 'Docker']);

    await user.selectOptions(category, 'devops');
    expect(cardNames()).toEqual(['Docker']);

    await user.selectOptions(category, 'database');
    expect(await screen.findByText('No technologies found')).toBeVisible();
  });

  it('says there are none', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/technologies');
    expect(await screen.findByText('No technologies found')).toBeVisible();
  });

  it('opens the form with the defaults', async () => {
    signedInApi(list());
    renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Technology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Technology' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('frontend');
    expect(within(dialog).getByLabelText('Icon')).toHaveValue('code');
    expect(within(dialog).getByLabelText('Color')).toHaveValue('#3B82F6');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('active');
    expect(within(dialog).getByLabelText('Order')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Featured Technology')).not.toBeChecked();
  });

  it('checks the name and the website', async () => {
    const { requests } = signedInApi(list([]));
    renderAdmin('/admin/technologies/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Technology' });
    await user.type(within(dialog).getByLabelText(/^Name/), '   ');
    await user.type(within(dialog).getByLabelText('Website'), 'react.dev');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/technologies')).toHaveLength(0);
  });

  it('creates a technology with every field', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/technologies': () => json(201, { data: PG }),
    });
    renderAdmin('/admin/technologies/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Technology' });
    await user.type(within(dialog).getByLabelText(/^Name/), ' Svelte ');
    await user.type(within(dialog).getByLabelText('Description'), 'Compiled components');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'design');
    await user.clear(within(dialog).getByLabelText('Icon'));
    await user.type(within(dialog).getByLabelText('Icon'), 'palette');
    await user.clear(within(dialog).getByLabelText('Color'));
    await user.type(within(dialog).getByLabelText('Color'), '#ff3e00');
    await user.type(within(dialog).getByLabelText('Website'), 'https://svelte.dev');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    await user.clear(within(dialog).getByLabelText('Order'));
    await user.type(within(dialog).getByLabelText('Order'), '7');
    await user.click(within(dialog).getByLabelText('Featured Technology'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Technology created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/technologies')[0])).toEqual({
      name: 'Svelte',
      description: 'Compiled components',
      category: 'design',
      icon: 'palette',
      color: '#FF3E00',
      website: 'https://svelte.dev',
      status: 'inactive',
      order: 7,
      featured: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends order 0 when the order is left empty', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/technologies': () => json(201, { data: REACT }),
    });
    renderAdmin('/admin/technologies/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Technology' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Vue');
    await user.clear(within(dialog).getByLabelText('Order'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Technology created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/technologies')[0])).toMatchObject({
      name: 'Vue',
      order: 0,
    });
  });

  it('edits a technology from its card and sends the whole technology', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PUT /api/technologies/${PG._id}`]: () => json(200, { data: PG }),
    });
    renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit PostgreSQL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Technology' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('PostgreSQL');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Technology updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/technologies/${PG._id}`)[0])).toEqual({
      version: 1,
      name: 'PostgreSQL',
      description: 'The relational database we trust',
      category: 'database',
      icon: 'code',
      color: '#336791',
      website: 'https://react.dev',
      status: 'active',
      order: 2,
      featured: false,
    });
  });

  it('keeps the delete dialog open with the reason when projects still use it', async () => {
    signedInApi({
      ...list(),
      [`DELETE /api/technologies/${PG._id}`]: () =>
        json(409, { message: 'This technology is used by 5 projects' }),
    });
    renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete PostgreSQL' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This technology is used by 5 projects')).toBeVisible();
    expect(screen.queryByText('Technology deleted successfully!')).toBeNull();
  });
});
