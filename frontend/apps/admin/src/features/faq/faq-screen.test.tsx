import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '../../test/admin-api';
import { json } from '../../test/mock-api';
import { faq } from '../../test/records';
import { renderAdmin } from '../../test/render-app';

const FIRST = faq({ question: 'How long?', order: 1 });
const SECOND = faq({ question: 'How much?', order: 2, category: 'billing' });
const list = (rows = [SECOND, FIRST]) => ({
  'GET /api/faqs': () =>
    json(200, {
      data: rows,
      pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 },
    }),
});

describe('FAQ Management', () => {
  it('asks for 100 FAQs, orders them and disables moving past either end', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/faq');

    expect(await screen.findByRole('button', { name: 'Move How long? up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move How long? down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move How much? down' })).toBeDisabled();
    const url = new URL(callsTo(requests, 'GET', '/api/faqs')[0]?.url ?? '');
    expect(url.searchParams.get('limit')).toBe('100');
  });

  it('moves an FAQ and changes its status from the row', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PATCH /api/faqs/${SECOND._id}/order`]: () => json(200, SECOND),
      [`PATCH /api/faqs/${FIRST._id}/status`]: () => json(200, FIRST),
    });
    renderAdmin('/admin/faqs');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move How much? up' }));
    expect(await screen.findByText('FAQ updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/faqs/${SECOND._id}/order`)[0])).toEqual({
      direction: 'up',
    });

    await user.selectOptions(screen.getByLabelText('Status of How long?'), 'draft');
    expect(await screen.findByText('FAQ status updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/faqs/${FIRST._id}/status`)[0])).toEqual({
      status: 'draft',
    });
  });

  it('names the search or the category when nothing matches', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/faq?q=refund');
    expect(await screen.findByText('No FAQs found matching "refund"')).toBeVisible();

    await router.navigate('/faq?category=account');
    expect(await screen.findByText('No FAQs found in Account')).toBeVisible();
  });

  it('says there are none', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/faq');
    expect(await screen.findByText('No FAQs found')).toBeVisible();
  });

  it('creates an FAQ with the next order and checks the fields', async () => {
    const { requests } = signedInApi({ ...list(), 'POST /api/faqs': () => json(201, FIRST) });
    renderAdmin('/admin/faq/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add FAQ' });
    await waitFor(() => expect(within(form).getByLabelText(/^Order/)).toHaveValue(3));
    await user.clear(within(form).getByLabelText(/^Order/));
    await user.type(within(form).getByLabelText(/^Order/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Question is required')).toBeVisible();
    expect(within(form).getByText('Answer is required')).toBeVisible();
    expect(within(form).getByText('Order must be at least 1')).toBeVisible();

    await user.type(within(form).getByLabelText(/^Question/), 'Do you host?');
    await user.type(within(form).getByLabelText(/^Answer/), 'Yes.');
    await user.clear(within(form).getByLabelText(/^Order/));
    await user.type(within(form).getByLabelText(/^Order/), '3');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('FAQ created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/faqs')[0])).toEqual({
      question: 'Do you host?',
      answer: 'Yes.',
      category: 'general',
      status: 'active',
      order: 3,
      featured: false,
      tags: [],
    });
  });

  it('deletes after the exact question', async () => {
    signedInApi({ ...list(), [`DELETE /api/faqs/${FIRST._id}`]: () => json(200, {}) });
    renderAdmin('/admin/faq');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete How long?' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this FAQ item?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('FAQ deleted successfully!')).toBeVisible();
  });
});
