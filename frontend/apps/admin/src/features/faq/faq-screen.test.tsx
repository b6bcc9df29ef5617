import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { faq } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const FIRST = faq({ question: 'How long?', answer: 'Usually **six** weeks.', order: 1 });
const SECOND = faq({
  question: 'How much?',
  answer: 'See [our prices](https://atelier.test/prices).',
  order: 2,
  category: 'billing',
  featured: true,
  views: 12,
});
const THIRD = faq({
  question: 'Who owns the code?',
  answer: 'You do, from the first commit.',
  order: 3,
  category: 'technical',
  status: 'draft',
  tags: ['ownership'],
});
const list = (rows = [SECOND, THIRD, FIRST]) => ({
  'GET /api/faqs': () =>
    json(200, {
      data: rows,
      pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 },
    }),
});

/** The questions of the listed FAQs, top to bottom. */
const listedQuestions = () =>
  within(screen.getByRole('region', { name: 'FAQ Management' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent?.replace(/^#\d+/, ''));

const itemOf = (question: string) => screen.getByText(question).closest('li') as HTMLElement;

describe('FAQ Management', () => {
  it('asks for 100 FAQs and lists them by order with their answer, category and status', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/faq');

    await screen.findByText('How much?');
    expect(listedQuestions()).toEqual(['How long?', 'How much?', 'Who owns the code?']);
    const url = new URL(callsTo(requests, 'GET', '/api/faqs')[0]?.url ?? '');
    expect(url.searchParams.get('limit')).toBe('100');

    const billing = itemOf('How much?');
    expect(billing).toHaveTextContent('#2');
    expect(billing).toHaveTextContent('See our prices.');
    expect(billing).toHaveTextContent('Billing');
    expect(billing).toHaveTextContent('Featured');
    expect(billing).toHaveTextContent('12 views');
    expect(itemOf('How long?')).toHaveTextContent('Usually six weeks.');
    expect(screen.getByLabelText('Status of Who owns the code?')).toHaveValue('draft');
    expect(screen.getByLabelText('Status of How long?')).toHaveValue('active');
  });

  it('lists FAQs with the same order by age, as the server moves them', async () => {
    const older = faq({ question: 'Older', order: 4, createdAt: '2026-01-01T00:00:00Z' });
    const newer = faq({ question: 'Newer', order: 4, createdAt: '2026-02-01T00:00:00Z' });
    signedInApi(list([newer, older, FIRST]));
    renderAdmin('/admin/faq');

    await screen.findByText('Older');
    expect(listedQuestions()).toEqual(['How long?', 'Older', 'Newer']);
  });

  it('searches questions and answers', async () => {
    signedInApi(list());
    renderAdmin('/admin/faq');
    const user = userEvent.setup();

    await screen.findByText('How long?');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'first commit');
    await waitFor(() => expect(listedQuestions()).toEqual(['Who owns the code?']));

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'how');
    await waitFor(() => expect(listedQuestions()).toEqual(['How long?', 'How much?']));
  });

  it('filters by category with all seven categories on offer', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/faq');
    const user = userEvent.setup();

    await screen.findByText('How long?');
    const select = screen.getByLabelText('Category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Categories',
      'General',
      'Technical',
      'Billing',
      'Account',
      'Services',
      'Support',
      'Other',
    ]);
    await user.selectOptions(select, 'billing');
    expect(router.state.location.search).toBe('?category=billing');
    expect(listedQuestions()).toEqual(['How much?']);
  });

  it('says there are none', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/faq');
    expect(await screen.findByText('No FAQs found')).toBeVisible();
  });

  it('names the search or the category when nothing matches', async () => {
    signedInApi(list());
    const { router } = renderAdmin('/admin/faq?q=refund');
    expect(await screen.findByText('No FAQs found matching "refund"')).toBeVisible();

    await router.navigate('/faq?category=account');
    expect(await screen.findByText('No FAQs found in Account')).toBeVisible();
  });

  it('disables moving the lowest order up and the highest down', async () => {
    signedInApi(list());
    renderAdmin('/admin/faq');

    expect(await screen.findByRole('button', { name: 'Move How long? up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move How long? down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move How much? up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move How much? down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Who owns the code? up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Who owns the code? down' })).toBeDisabled();
  });

  it('moves an FAQ with its direction, refreshes the list and says so', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PATCH /api/faqs/${SECOND._id}/order`]: () => json(200, { ...SECOND, order: 1 }),
      [`PATCH /api/faqs/${FIRST._id}/order`]: () => json(200, { ...FIRST, order: 2 }),
    });
    renderAdmin('/admin/faqs');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move How much? up' }));
    expect(await screen.findByText('FAQ updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/faqs/${SECOND._id}/order`)[0])).toEqual({
      direction: 'up',
    });
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/faqs')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Move How long? down' }));
    await waitFor(() =>
      expect(callsTo(requests, 'PATCH', `/api/faqs/${FIRST._id}/order`)).toHaveLength(1),
    );
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/faqs/${FIRST._id}/order`)[0])).toEqual({
      direction: 'down',
    });
  });

  it('shows the server message when a move fails', async () => {
    signedInApi({
      ...list(),
      [`PATCH /api/faqs/${THIRD._id}/order`]: () => json(404, { message: 'FAQ not found' }),
    });
    renderAdmin('/admin/faq');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move Who owns the code? up' }));
    expect(await screen.findByText('FAQ not found')).toBeVisible();
  });

  it('changes an FAQ status from its row', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PATCH /api/faqs/${FIRST._id}/status`]: () => json(200, { ...FIRST, status: 'inactive' }),
    });
    renderAdmin('/admin/faq');
    const user = userEvent.setup();

    const menu = await screen.findByLabelText('Status of How long?');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'Inactive', 'Draft']);
    await user.selectOptions(menu, 'inactive');
    expect(await screen.findByText('FAQ status updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/faqs/${FIRST._id}/status`)[0])).toEqual({
      version: 1,
      status: 'inactive',
    });
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/faqs')).toHaveLength(2));
  });

  it('shows the fallback when a status change fails without a message', async () => {
    signedInApi({
      ...list(),
      [`PATCH /api/faqs/${FIRST._id}/status`]: () => json(500, {}),
    });
    renderAdmin('/admin/faq');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Status of How long?'), 'draft');
    expect(await screen.findByText('Failed to update FAQs')).toBeVisible();
  });

  it('proposes the next order for a new FAQ', async () => {
    signedInApi(list());
    renderAdmin('/admin/faq/new');

    const form = await screen.findByRole('region', { name: 'Add FAQ' });
    await waitFor(() => expect(within(form).getByLabelText(/^Order/)).toHaveValue(4));
    expect(within(form).getByLabelText('Category')).toHaveValue('general');
    expect(within(form).getByLabelText('Status')).toHaveValue('active');
  });

  it('checks the question, the answer and the minimum order', async () => {
    const { requests } = signedInApi(list([]));
    renderAdmin('/admin/faq/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add FAQ' });
    await waitFor(() => expect(within(form).getByLabelText(/^Order/)).toHaveValue(1));
    await user.clear(within(form).getByLabelText(/^Order/));
    await user.type(within(form).getByLabelText(/^Order/), '0');
    await user.type(within(form).getByLabelText(/^Question/), '   ');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Question is required')).toBeVisible();
    expect(within(form).getByText('Answer is required')).toBeVisible();
    expect(within(form).getByText('Order must be at least 1')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/faqs')).toHaveLength(0);
  });

  it('creates an FAQ with every field', async () => {
    const { requests } = signedInApi({ ...list(), 'POST /api/faqs': () => json(201, FIRST) });
    renderAdmin('/admin/faq/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add FAQ' });
    await waitFor(() => expect(within(form).getByLabelText(/^Order/)).toHaveValue(4));
    await user.type(within(form).getByLabelText(/^Question/), '  Do you host?  ');
    await user.type(within(form).getByLabelText(/^Answer/), 'Yes, on **our** servers.');
    await user.selectOptions(within(form).getByLabelText('Category'), 'services');
    await user.selectOptions(within(form).getByLabelText('Status'), 'draft');
    await user.click(within(form).getByLabelText('Featured'));
    await user.type(within(form).getByLabelText('Tags'), 'hosting{Enter}servers{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('FAQ created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/faqs')[0])).toEqual({
      question: 'Do you host?',
      answer: 'Yes, on **our** servers.',
      category: 'services',
      status: 'draft',
      order: 4,
      featured: true,
      tags: ['hosting', 'servers'],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add FAQ' })).toBeNull());
  });

  it('edits an FAQ from its row and sends the whole FAQ', async () => {
    const { requests } = signedInApi({
      ...list(),
      [`PUT /api/faqs/${THIRD._id}`]: () => json(200, THIRD),
    });
    renderAdmin('/admin/faq');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Who owns the code?' }));
    const form = await screen.findByRole('region', { name: 'Edit FAQ' });
    expect(within(form).getByLabelText(/^Question/)).toHaveValue('Who owns the code?');
    expect(within(form).getByText('ownership')).toBeVisible();
    await user.clear(within(form).getByLabelText(/^Order/));
    await user.type(within(form).getByLabelText(/^Order/), '2');
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('FAQ updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/faqs/${THIRD._id}`)[0])).toEqual({
      version: 1,
      question: 'Who owns the code?',
      answer: 'You do, from the first commit.',
      category: 'technical',
      status: 'draft',
      order: 2,
      featured: false,
      tags: ['ownership'],
    });
  });
});
