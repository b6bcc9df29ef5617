import { json, never } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, isoDay } from '@/lib/day-range';
import { callsTo, signedInApi } from '@/test/admin-api';
import { insightsReport } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const today = () => isoDay(new Date());

describe('Insights', () => {
  it('shows the range beside the previous one, every chart as a table, the top lists and conversions', async () => {
    signedInApi({ 'GET /api/insights': () => json(200, insightsReport(today())) });
    renderAdmin('/admin/insights');

    // The first mount loads the screen's chunk, charting library included.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Insights' }, { timeout: 10_000 }),
    ).toBeVisible();
    const visitors = (await screen.findByText('Visitors', { selector: 'dt' }))
      .parentElement as HTMLElement;
    expect(visitors).toHaveTextContent('40');
    expect(visitors).toHaveTextContent('+100% vs 20 before');

    const chart = screen.getByRole('figure', { name: 'Visitors and views per day' });
    await userEvent.click(within(chart).getByText('Show as table'));
    const table = within(chart).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent(/0\s*0\s*10/);
    expect(
      within(table).getByRole('columnheader', { name: 'Visitors, previous range' }),
    ).toBeVisible();

    const posts = screen.getByRole('region', { name: 'Top posts' });
    expect(within(posts).getByText('Shipping on Fridays')).toBeVisible();
    const referrers = screen.getByRole('region', { name: 'Referrers' });
    expect(within(referrers).getByText('Direct or unknown')).toBeVisible();
    const sources = screen.getByRole('region', { name: 'Conversion by source' });
    expect(within(sources).getByRole('row', { name: /news\.example\.com 10 1 10%/ })).toBeVisible();
    const landing = screen.getByRole('region', { name: 'Conversion by landing page' });
    expect(within(landing).getByRole('row', { name: '/ 20 2 10%' })).toBeVisible();
    // The lead sent without a recorded visit closes both tables: their leads add up to the range's.
    for (const region of [sources, landing]) {
      expect(
        within(region).getByRole('row', { name: 'Without a recorded visit – 1 –' }),
      ).toBeVisible();
    }
  });

  it('asks for the last 30 days, then the range chosen, kept in the address', async () => {
    const { requests } = signedInApi({
      'GET /api/insights': () => json(200, insightsReport(today())),
    });
    renderAdmin('/admin/insights');
    await screen.findByText('Top pages');
    const first = new URL(callsTo(requests, 'GET', '/api/insights')[0]?.url ?? '');
    expect(first.searchParams.get('to')).toBe(today());
    expect(first.searchParams.get('from')).toBe(addDays(today(), -29));

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/insights')).toHaveLength(2));
    const second = new URL(callsTo(requests, 'GET', '/api/insights')[1]?.url ?? '');
    expect(second.searchParams.get('from')).toBe(addDays(today(), -6));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('checks a custom range before asking for it', async () => {
    const { requests } = signedInApi({
      'GET /api/insights': () => json(200, insightsReport(today())),
    });
    renderAdmin('/admin/insights');
    await screen.findByText('Top pages');
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The last day must not be before the first.')).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/insights')).toHaveLength(1);

    await userEvent.clear(from);
    await userEvent.type(from, '2025-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/insights')).toHaveLength(2));
    const asked = new URL(callsTo(requests, 'GET', '/api/insights')[1]?.url ?? '');
    expect([asked.searchParams.get('from'), asked.searchParams.get('to')]).toEqual([
      '2025-12-01',
      '2026-01-01',
    ]);
  });

  it('holds the place while loading and offers to try again after a failure', async () => {
    signedInApi({ 'GET /api/insights': never });
    const { unmount } = renderAdmin('/admin/insights');
    expect(await screen.findByRole('status', { name: 'Loading the statistics' })).toBeVisible();
    unmount();

    let fail = true;
    signedInApi({
      'GET /api/insights': () =>
        fail ? json(500, { message: 'Internal error' }) : json(200, insightsReport(today())),
    });
    renderAdmin('/admin/insights');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Top pages')).toBeVisible();
  });

  it('downloads the range as CSV', async () => {
    const { requests } = signedInApi({
      'GET /api/insights': () => json(200, insightsReport(today())),
      'GET /api/insights/export': () =>
        new Response(
          '\ufeffSection,Item,Visitors,Views,Leads,Conversion rate\r\nday,2026-03-04,1,2,0,\r\n',
          {
            status: 200,
            headers: { 'Content-Type': 'text/csv' },
          },
        ),
    });
    renderAdmin('/admin/insights');
    await screen.findByText('Top pages');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/insights/export')).toHaveLength(1));
  });
});
