import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { testimonial } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const GRACE = testimonial({
  content: 'They shipped **on time** and [kept us informed](https://example.test).',
  featured: true,
  createdAt: '2026-03-05T10:00:00Z',
});
const PAT = testimonial({
  name: 'Pat Doe',
  company: 'Acme',
  content: '',
  rating: 4,
  status: 'pending',
  createdAt: '2026-03-04T10:00:00Z',
});
const RAY = testimonial({
  name: 'Ray Smith',
  company: 'Globex',
  rating: 2,
  status: 'rejected',
  createdAt: '2026-03-03T10:00:00Z',
});

const list = (rows = [GRACE, PAT, RAY]) => ({
  'GET /api/testimonials': () =>
    json(200, { testimonials: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
});

const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
/** The names on the cards shown, in order (every card shows its stars). */
const names = () =>
  screen
    .queryAllByRole('img', { name: /^Rated / })
    .map((stars) => stars.closest('li')?.querySelector('p')?.textContent);

describe('Testimonials Management', () => {
  it('shows each testimonial as a card with its rating, status and plain-text content', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/testimonials');

    const grace = (await screen.findByText('Grace Hopper')).closest('li') as HTMLElement;
    expect(grace).toHaveTextContent('Navy Labs');
    expect(within(grace).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    expect(grace).toHaveTextContent('Approved');
    expect(within(grace).getByText('Featured')).toBeVisible();
    expect(within(grace).getByText('They shipped on time and kept us informed.')).toBeVisible();
    expect(grace).not.toHaveClass('border-l-4');

    const ray = cardOf('Ray Smith');
    expect(within(ray).getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
    expect(ray).toHaveTextContent('Rejected');
    expect(within(ray).queryByText('Featured')).toBeNull();

    const call = callsTo(requests, 'GET', '/api/testimonials')[0] as Request;
    expect(new URL(call.url).searchParams.get('limit')).toBe('1000');
  });

  it('marks pending cards with a left border and says when content is missing', async () => {
    signedInApi(list());
    renderAdmin('/admin/testimonials');

    const pat = (await screen.findByText('Pat Doe')).closest('li') as HTMLElement;
    expect(pat).toHaveClass('border-l-4', 'border-l-amber-400');
    expect(pat).toHaveTextContent('Pending');
    expect(within(pat).getByText('No content available')).toBeVisible();
  });

  it('narrows the cards by status chip and by search', async () => {
    signedInApi(list());
    renderAdmin('/admin/testimonials');
    const user = userEvent.setup();

    await screen.findByText('Grace Hopper');
    const chips = screen.getByRole('group', { name: 'Status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Approved', 'Pending', 'Rejected']);
    await user.click(within(chips).getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(names()).toEqual(['Pat Doe']));

    await user.click(within(chips).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'globex');
    await waitFor(() => expect(names()).toEqual(['Ray Smith']));
  });

  it('says so when there are none', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/testimonials');
    expect(
      await screen.findByText('No testimonials found. Add your first testimonial to get started!'),
    ).toBeVisible();
  });

  it('requires a name and a company', async () => {
    const { requests } = signedInApi(list([]));
    renderAdmin('/admin/testimonials/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Testimonial' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Company is required')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/testimonials')).toHaveLength(0);
  });

  it('creates one with rating 5 and status approved by default', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/testimonials': () => json(201, testimonial()),
    });
    const { router } = renderAdmin('/admin/testimonials');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Testimonial' }));
    const form = await screen.findByRole('region', { name: 'Add Testimonial' });
    const rating = within(form).getByLabelText('Rating');
    expect(rating).toHaveValue('5');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['5', '4.5', '4', '3.5', '3', '2.5', '2', '1.5', '1']);
    const status = within(form).getByLabelText('Status');
    expect(status).toHaveValue('approved');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Approved', 'Pending', 'Rejected']);

    await user.type(within(form).getByLabelText(/^Name/), 'Linus');
    await user.type(within(form).getByLabelText(/^Company/), 'Kernel Co');
    await user.type(within(form).getByLabelText('Content'), 'Solid work.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Testimonial created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/testimonials')[0])).toEqual({
      name: 'Linus',
      company: 'Kernel Co',
      content: 'Solid work.',
      rating: 5,
      status: 'approved',
      featured: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/testimonials'));
  });

  it('updates the rating, status and featured mark of a testimonial', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PUT /api/testimonials/${PAT._id}`]: () => json(200, PAT),
    });
    renderAdmin('/admin/testimonials');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Pat Doe' }));
    const form = await screen.findByRole('region', { name: 'Edit Testimonial' });
    expect(within(form).getByLabelText('Rating')).toHaveValue('4');
    await user.selectOptions(within(form).getByLabelText('Rating'), '3');
    await user.selectOptions(within(form).getByLabelText('Status'), 'approved');
    await user.click(within(form).getByLabelText('Featured'));
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Testimonial updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/testimonials/${PAT._id}`)[0])).toEqual({
      version: 1,
      name: 'Pat Doe',
      company: 'Acme',
      content: '',
      rating: 3,
      status: 'approved',
      featured: true,
    });
  });
});
