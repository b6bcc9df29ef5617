import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '../../test/admin-api';
import { json } from '../../test/mock-api';
import { technology } from '../../test/records';
import { renderAdmin } from '../../test/render-app';

const REACT = technology({ featured: true });
const PG = technology({
  name: 'PostgreSQL',
  category: 'database',
  description: 'SQL',
  status: 'inactive',
  usageCount: 5,
});
const list = (rows = [REACT, PG]) => ({ 'GET /api/technologies': () => json(200, { data: rows }) });

describe('Technology Management', () => {
  it('shows cards with category, featured star, usage and order, and filters them', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/technologies');
    const user = userEvent.setup();

    const card = (await screen.findByText('PostgreSQL')).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Database');
    expect(card).toHaveTextContent('Usage: 5');
    expect(card).toHaveTextContent('Inactive');
    const react = screen.getByText('React').closest('li') as HTMLElement;
    expect(within(react).getByRole('img', { name: 'Featured' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(router.state.location.search).toBe('?status=active');
    expect(screen.queryByText('PostgreSQL')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Category'), 'database');
    expect(await screen.findByText('No technologies found')).toBeVisible();
  });

  it('creates a technology with the defaults and checks name and website', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/technologies': () => json(201, { data: REACT }),
    });
    renderAdmin('/admin/technologies/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Technology' });
    await user.type(within(dialog).getByLabelText('Website'), 'react.dev');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeVisible();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Svelte');
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.type(within(dialog).getByLabelText('Order'), '7');
    await user.click(within(dialog).getByLabelText('Featured Technology'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Technology created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/technologies')[0])).toEqual({
      name: 'Svelte',
      description: '',
      category: 'frontend',
      icon: 'code',
      color: '#3B82F6',
      website: '',
      status: 'active',
      order: 7,
      featured: true,
    });
  });

  it('deletes after the exact question', async () => {
    signedInApi({ ...list(), [`DELETE /api/technologies/${PG._id}`]: () => json(200, {}) });
    renderAdmin('/admin/technologies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete PostgreSQL' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this technology?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Technology deleted successfully!')).toBeVisible();
  });
});
