import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { category } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const WEB = category({ featured: true, postCount: 1 });
const DESIGN = category({
  name: 'design',
  slug: 'design',
  displayName: 'Design',
  description: '',
  postCount: 4,
  status: 'inactive',
});

const listing = (rows = [WEB, DESIGN]) => ({ 'GET /api/blog/categories': () => json(200, rows) });

describe('Category Management', () => {
  it('lists categories with featured dot, description fallback and post counts', async () => {
    signedInApi(listing());
    renderAdmin('/admin/categories');

    const table = await screen.findByRole('table');
    const [, web, design] = within(table).getAllByRole('row');
    expect(within(web as HTMLElement).getByRole('img', { name: 'Featured' })).toBeVisible();
    expect(web).toHaveTextContent('1 post');
    expect(design).toHaveTextContent('No description');
    expect(design).toHaveTextContent('4 posts');
    expect(design).toHaveTextContent('Inactive');
  });

  it('says so when there are no categories', async () => {
    signedInApi(listing([]));
    renderAdmin('/admin/categories');

    expect(
      await screen.findByText('No categories found. Create your first category!'),
    ).toBeVisible();
  });

  it('creates a category whose name follows its slug', async () => {
    const { requests } = signedInApi({
      ...listing([]),
      'POST /api/blog/categories': () => json(201, category({ displayName: 'Cloud & DevOps' })),
    });
    const { router } = renderAdmin('/admin/categories');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByLabelText(/Display Name/), 'Cloud & DevOps');
    expect(within(dialog).getByLabelText(/Slug/)).toHaveValue('cloud-devops');
    await user.clear(within(dialog).getByLabelText(/Slug/));
    await user.type(within(dialog).getByLabelText(/Slug/), 'cloud');
    await user.type(within(dialog).getByLabelText('Order'), 'x');
    await user.click(within(dialog).getByLabelText('Featured Category'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Category created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/blog/categories')[0])).toEqual({
      displayName: 'Cloud & DevOps',
      slug: 'cloud',
      name: 'cloud',
      description: '',
      order: 0,
      status: 'active',
      featured: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/categories'));
  });

  it('keeps the name when editing and shows the server message on failure', async () => {
    const { requests } = signedInApi({
      ...listing(),
      [`PUT /api/blog/categories/${WEB._id}`]: () =>
        json(409, { message: 'A category with this slug already exists' }),
    });
    renderAdmin(`/admin/categories/edit/${WEB._id}`);
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await user.clear(within(dialog).getByLabelText(/Slug/));
    await user.type(within(dialog).getByLabelText(/Slug/), 'design');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(
      await screen.findByText('Error: A category with this slug already exists'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText(/Slug/)).toHaveValue('design');
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/blog/categories/${WEB._id}`)[0]);
    expect(body.name).toBe('web-development');
  });

  it('requires a display name and a slug', async () => {
    const { requests } = signedInApi(listing([]));
    renderAdmin('/admin/categories/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Display Name is required')).toBeVisible();
    expect(within(dialog).getByText('Slug is required')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/blog/categories')).toHaveLength(0);
  });

  it('shows a category with its dates in the view dialog', async () => {
    signedInApi(listing());
    renderAdmin('/admin/categories');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'View Design' }));

    const dialog = await screen.findByRole('dialog', { name: 'Design' });
    expect(dialog).toHaveTextContent('4 posts');
    expect(dialog).toHaveTextContent('Mar 4, 2026');
  });
});
