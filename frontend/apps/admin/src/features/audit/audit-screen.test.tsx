import type { AuditEntry } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN } from '@/test/fixtures';
import { auditEntry as entry } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { dayBound } from './audit-screen';

const UPDATE = entry({ entityTitle: 'Web Development' });
// Written before titles were kept: named by its kind and a short id.
const OLDER = entry({
  action: 'status',
  entityKind: 'contacts/status',
  entityId: '65f1c2a9b4e8d70012abcdef',
  entityTitle: null,
  operation: 'PATCH /contacts/{id}/status',
  summary: ['status'],
});
const FAILED = entry({
  actorId: null,
  actorName: null,
  actorEmail: 'intruder@example.com',
  action: 'sign-in-failed',
  entityKind: 'auth/login',
  entityId: null,
  operation: 'POST /auth/login',
  requestId: 'b3c1d0a2-0000-4000-8000-000000000002',
  summary: ['email', 'password'],
});

const log = (entries: AuditEntry[] = [UPDATE, FAILED, OLDER]) => ({
  'GET /api/audit': () =>
    json(200, { entries, totalItems: entries.length, totalPages: 1, currentPage: 1 }),
  'GET /api/audit/actors': () =>
    json(200, {
      actors: [
        { _id: ADMIN._id, name: 'Ada Admin', email: ADMIN.email },
        { _id: '65f1c2a9b4e8d70012345999', name: 'Former Admin', email: 'former@example.com' },
      ],
    }),
});

describe('Audit Log', () => {
  it('lists who did what to which record by its title, with only the fields changed', async () => {
    signedInApi(log());
    renderAdmin('/admin/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const table = await screen.findByRole('table');
    const [update, failed, older] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(update).toHaveTextContent('Ada Admin');
    expect(update).toHaveTextContent('Updated');
    expect(update).toHaveTextContent('Web Development');
    expect(update).toHaveTextContent('Services');
    expect(
      within(within(update as HTMLElement).getByRole('list', { name: 'Fields changed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['title', 'price']);
    // No hex ids and no routes in the table: they are in the entry's details.
    expect(update).not.toHaveTextContent(UPDATE.entityId as string);
    expect(update).not.toHaveTextContent(UPDATE.requestId);
    expect(table).not.toHaveTextContent('/');
    expect(older).toHaveTextContent('Contact messages');
    expect(older).toHaveTextContent('#abcdef');
    expect(failed).toHaveTextContent('Sign-ins');
    expect(failed).toHaveTextContent('Nobody signed in');
    expect(failed).toHaveTextContent('typed intruder@example.com');
    expect(failed).toHaveTextContent('Sign-in failed');
    expect(screen.queryByRole('button', { name: /delete|edit/i })).toBeNull();
  });

  it('asks the server for the person, the record and the dates chosen, kept in the address', async () => {
    const { requests } = signedInApi(log());
    const { router } = renderAdmin('/admin/audit');
    const user = userEvent.setup();
    await screen.findByRole('table');

    // Everyone the log names is offered, a removed administrator too.
    await screen.findByRole('option', { name: 'Former Admin' });
    await user.selectOptions(await screen.findByLabelText('Who'), 'Ada Admin');
    await user.selectOptions(screen.getByLabelText('Record'), 'Blog posts');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-20');

    await waitFor(() => {
      const asked = callsTo(requests, 'GET', '/api/audit').map(
        (request) => new URL(request.url).searchParams,
      );
      expect(
        asked.some(
          (params) =>
            params.get('actor') === ADMIN._id &&
            params.get('entity') === 'blog/posts' &&
            params.get('from') === dayBound('2026-11-01', false) &&
            params.get('to') === dayBound('2026-11-20', true),
        ),
      ).toBe(true);
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('entity')).toBe('blog/posts');
    expect(search.get('from')).toBe('2026-11-01');
  });

  it('shows every detail of an entry in a dialog', async () => {
    signedInApi(log());
    renderAdmin('/admin/audit');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getAllByRole('button', { name: /^View/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('PUT /services/{id}');
    expect(dialog).toHaveTextContent('203.0.113.7');
    expect(dialog).toHaveTextContent('Web Development');
    expect(dialog).toHaveTextContent(UPDATE.entityId as string);
    expect(dialog).toHaveTextContent(UPDATE.requestId);
  });

  it('says so when nothing is recorded or nothing matches, and when loading fails', async () => {
    signedInApi(log([]));
    const { unmount } = renderAdmin('/admin/audit');
    expect(await screen.findByText(/No entries yet/)).toBeVisible();
    unmount();

    signedInApi(log([]));
    const second = renderAdmin('/admin/audit?entity=services');
    expect(await screen.findByText('No entries match these filters.')).toBeVisible();
    second.unmount();

    signedInApi({ 'GET /api/audit': () => json(500, { message: 'Internal server error' }) });
    renderAdmin('/admin/audit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('turns a day into the instants that bound it', () => {
    expect(dayBound(undefined, false)).toBeUndefined();
    expect(dayBound('nope', true)).toBeUndefined();
    const start = new Date(dayBound('2026-11-20', false) as string);
    const end = new Date(dayBound('2026-11-20', true) as string);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * 3600 * 1000);
    expect(start.getDate()).toBe(20);
  });
});
