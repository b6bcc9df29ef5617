import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '../../test/admin-api';
import { json } from '../../test/mock-api';
import { testimonial } from '../../test/records';
import { renderAdmin } from '../../test/render-app';

const list = (rows: ReturnType<typeof testimonial>[]) => ({
  'GET /api/testimonials': () =>
    json(200, { testimonials: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
});

describe('Testimonials Management', () => {
  it('marks pending cards and says when content is missing', async () => {
    signedInApi(list([testimonial({ name: 'Pat', status: 'pending', content: '' })]));
    renderAdmin('/admin/testimonials');

    const card = (await screen.findByText('Pat')).closest('li');
    expect(card).toHaveClass('border-l-4');
    expect(within(card as HTMLElement).getByText('No content available')).toBeVisible();
  });

  it('says so when there are none', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/testimonials');
    expect(
      await screen.findByText('No testimonials found. Add your first testimonial to get started!'),
    ).toBeVisible();
  });

  it('creates one with rating 5 and status approved by default', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/testimonials': () => json(201, testimonial()),
    });
    renderAdmin('/admin/testimonials/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Testimonial' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Company is required')).toBeVisible();

    await user.type(within(form).getByLabelText(/^Name/), 'Linus');
    await user.type(within(form).getByLabelText(/^Company/), 'Kernel Co');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Testimonial created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/testimonials')[0])).toEqual({
      name: 'Linus',
      company: 'Kernel Co',
      content: '',
      rating: 5,
      status: 'approved',
      featured: false,
    });
  });
});
