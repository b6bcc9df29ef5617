import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { redirect } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const OLD_POST = redirect({
  from: '/2019/05/designing-apis',
  to: '/blog/designing-apis',
  hits: 1234,
  lastHitAt: '2026-03-05T10:00:00Z',
});
const MOVED = redirect({
  from: '/blog/old-slug',
  to: 'https://example.com/elsewhere',
  status: 308,
  note: 'Added when the address of “Old” changed',
});

const list = (rows = [OLD_POST, MOVED]) => ({
  'GET /api/redirects': () =>
    json(200, { redirects: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
});

const rowOf = (from: string) => screen.getByText(from).closest('tr') as HTMLElement;

describe('Redirects', () => {
  it('lists each redirect with where it leads, its status and its hits', async () => {
    signedInApi(list());
    renderAdmin('/admin/redirects');

    await screen.findByText('/2019/05/designing-apis');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['From', 'To', 'Status', 'Hits']));
    const old = rowOf('/2019/05/designing-apis');
    expect(old).toHaveTextContent('/blog/designing-apis');
    expect(old).toHaveTextContent('301');
    expect(old).toHaveTextContent('1,234');
    const moved = rowOf('/blog/old-slug');
    expect(moved).toHaveTextContent('https://example.com/elsewhere');
    expect(moved).toHaveTextContent('308');
    expect(moved).toHaveTextContent('Never');
    expect(moved).toHaveTextContent('Added when the address of “Old” changed');
  });

  it('searches on the server', async () => {
    const { requests } = signedInApi(list());
    renderAdmin('/admin/redirects');
    const user = userEvent.setup();

    await screen.findByText('/2019/05/designing-apis');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'apis');
    await waitFor(() => {
      const searched = callsTo(requests, 'GET', '/api/redirects').map((call) =>
        new URL(call.url).searchParams.get('search'),
      );
      expect(searched).toContain('apis');
    });
  });

  it('adds a redirect, 301 unless another status is chosen', async () => {
    const { requests } = signedInApi({
      ...list([]),
      'POST /api/redirects': () => json(201, OLD_POST),
    });
    renderAdmin('/admin/redirects');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Redirect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Redirect' });
    const status = within(dialog).getByLabelText('Status');
    expect(status).toHaveValue('301');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['301', '302', '307', '308']);
    await user.type(within(dialog).getByLabelText(/^From/), '/2019/05/designing-apis/');
    await user.type(within(dialog).getByLabelText(/^To/), '/blog/designing-apis');
    await user.selectOptions(status, '302');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Redirect created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/redirects')[0])).toEqual({
      from: '/2019/05/designing-apis/',
      to: '/blog/designing-apis',
      status: 302,
      note: '',
    });
  });

  it('refuses a protocol-relative target before asking the server', async () => {
    const { requests } = signedInApi(list([]));
    renderAdmin('/admin/redirects/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Redirect' });
    await user.type(within(dialog).getByLabelText(/^From/), '/old');
    await user.type(within(dialog).getByLabelText(/^To/), '//evil.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        'To must not start with //: write an address on another site in full, with https://',
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/redirects')).toHaveLength(0);
  });

  it('shows the server’s reason on the field, e.g. a loop', async () => {
    signedInApi({
      ...list([]),
      'POST /api/redirects': () =>
        json(422, {
          message: 'Validation failed',
          errors: { to: 'To must not lead back to From, directly or through another redirect' },
        }),
    });
    renderAdmin('/admin/redirects/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Redirect' });
    await user.type(within(dialog).getByLabelText(/^From/), '/a');
    await user.type(within(dialog).getByLabelText(/^To/), '/b');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        'To must not lead back to From, directly or through another redirect',
      ),
    ).toBeVisible();
  });
});
