import type { Subscriber } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { newId } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const subscriber = (overrides: Partial<Subscriber> = {}): Subscriber => {
  const _id = newId();
  return {
    _id,
    email: 'ana@example.com',
    status: 'confirmed',
    createdAt: '2026-03-05T10:00:00Z',
    confirmedAt: '2026-03-05T10:05:00Z',
    unsubscribeUrl: `https://studio.example/newsletter/unsubscribe?token=${'a'.repeat(64)}`,
    ...overrides,
  };
};

const ANA = subscriber();
const BEN = subscriber({ email: 'ben@example.com', status: 'pending', confirmedAt: null });
const CY = subscriber({ email: '=cmd@example.com', status: 'unconfirmed', confirmedAt: null });

/** The list endpoint answering `rows` for any query, and the whole list's count. */
const list = (rows: Subscriber[] = [ANA, BEN, CY]) => ({
  'GET /api/newsletter/subscribers': () =>
    json(200, {
      subscribers: rows,
      totalItems: rows.length,
      totalPages: 1,
      currentPage: 1,
    }),
});

const table = () => screen.getByRole('table');
const emails = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Newsletter Subscribers', () => {
  it('lists the addresses with their status in words and counts them', async () => {
    signedInApi(list());
    renderAdmin('/admin/newsletter');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Newsletter Subscribers' }),
    ).toBeVisible();
    await screen.findByText('ana@example.com');
    expect(emails()).toEqual(['ana@example.com', 'ben@example.com', '=cmd@example.com']);
    const ben = screen.getByText('ben@example.com').closest('tr') as HTMLElement;
    expect(ben).toHaveTextContent('Awaiting confirmation');
    expect(screen.getByText('=cmd@example.com').closest('tr')).toHaveTextContent('Not confirmed');
    expect(await screen.findByText('3 subscribers')).toBeVisible();
    expect(screen.getByText('Showing 1–3 of 3')).toBeVisible();
  });

  it('asks the server for the search and the status chosen, kept in the address', async () => {
    const { requests } = signedInApi(list());
    const { router } = renderAdmin('/admin/newsletter');
    const user = userEvent.setup();
    await screen.findByText('ana@example.com');

    await user.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', {
        name: 'Confirmed',
      }),
    );
    await user.type(screen.getByPlaceholderText('Search addresses…'), 'ana');

    await waitFor(() => {
      const asked = callsTo(requests, 'GET', '/api/newsletter/subscribers').map(
        (request) => new URL(request.url).searchParams,
      );
      expect(
        asked.some(
          (params) => params.get('search') === 'ana' && params.get('status') === 'confirmed',
        ),
      ).toBe(true);
    });
    expect(router.state.location.search).toContain('status=confirmed');
    expect(router.state.location.search).toContain('q=ana');
  });

  it('says when there is nobody yet, and when nobody matches', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/newsletter');
    expect(
      await screen.findByText('No subscribers yet. Sign-ups from the newsletter box appear here.'),
    ).toBeVisible();
  });

  it('says nobody matches a search', async () => {
    signedInApi(list([]));
    renderAdmin('/admin/newsletter?q=zed');
    expect(await screen.findByText('No subscribers match your search.')).toBeVisible();
  });

  it('shows the failure with a way to try again', async () => {
    signedInApi({
      'GET /api/newsletter/subscribers': () => json(500, { message: 'Internal server error' }),
    });
    renderAdmin('/admin/newsletter');
    expect(await screen.findByText('Internal server error')).toBeVisible();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeVisible();
  });

  it('downloads the CSV the server exports for the current filter', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:subscribers';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const file = `Email,Status,Signed up,Confirmed,Unsubscribe URL\r\nana@example.com,confirmed,2026-03-05T10:00:00Z,2026-03-05T10:05:00Z,${ANA.unsubscribeUrl}\r\n`;
    const { requests } = signedInApi({
      ...list(),
      'GET /api/newsletter/subscribers/export': () =>
        new Response(file, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    renderAdmin('/admin/newsletter?status=confirmed');
    const user = userEvent.setup();
    await screen.findByText('ana@example.com');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Exported 1 subscribers')).toBeVisible();
    expect(click).toHaveBeenCalledOnce();
    const [exported] = callsTo(requests, 'GET', '/api/newsletter/subscribers/export');
    expect(new URL((exported as Request).url).searchParams.get('status')).toBe('confirmed');
    const text = await (blobs[0] as Blob).text();
    expect(text.replace(/^\uFEFF/, '')).toBe(file);
  });
});
