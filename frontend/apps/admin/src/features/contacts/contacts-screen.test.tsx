import type { ContactMessage } from '@atelier/api-client/api';
import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { contactMessage } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const ADA = contactMessage({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  subject: 'A new website',
  priority: 'high',
  tags: ['lead', 'uk'],
  notes: 'Call back on Monday',
  createdAt: '2026-03-05T14:30:00Z',
});
const BOB = contactMessage({
  name: 'Bob Ray',
  email: 'bob@example.test',
  subject: 'Maintenance quote',
  status: 'read',
  priority: 'low',
  createdAt: '2026-03-04T09:00:00Z',
});
const CAT = contactMessage({
  name: 'Cat Stone',
  email: 'cat@example.test',
  subject: 'Thanks!',
  status: 'closed',
  createdAt: '2026-03-03T09:00:00Z',
});

/** A small inbox server: filters by status and search and counts the unread as the API does. */
const inbox = (initial: ContactMessage[] = [ADA, BOB, CAT]) => {
  let rows = [...initial];
  const handlers: Record<string, MockHandler> = {
    'GET /api/contacts': (request) => {
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const search = params.get('search')?.toLowerCase() ?? '';
      const limit = Number(params.get('limit') ?? 10);
      const page = Number(params.get('page') ?? 1);
      const spam = params.get('spam') === 'true';
      const matching = rows.filter(
        (row) =>
          row.spam === spam &&
          (!status || row.status === status) &&
          `${row.name} ${row.email} ${row.subject}`.toLowerCase().includes(search),
      );
      return json(200, {
        contacts: matching.slice((page - 1) * limit, page * limit),
        totalItems: matching.length,
        totalPages: Math.ceil(matching.length / limit),
        currentPage: page,
        unreadCount: rows.filter((row) => row.status === 'new' && !row.spam).length,
      });
    },
  };
  for (const row of initial) {
    handlers[`GET /api/contacts/${row._id}`] = () => {
      const found = rows.find((candidate) => candidate._id === row._id);
      return found ? json(200, found) : json(404, { message: 'Contact not found' });
    };
    handlers[`PATCH /api/contacts/${row._id}/status`] = async (request) => {
      const { status } = (await request.clone().json()) as { status: ContactMessage['status'] };
      rows = rows.map((candidate) =>
        candidate._id === row._id ? { ...candidate, status } : candidate,
      );
      return json(
        200,
        rows.find((candidate) => candidate._id === row._id),
      );
    };
    handlers[`PUT /api/contacts/${row._id}`] = async (request) => {
      const body = (await request.clone().json()) as Partial<ContactMessage>;
      rows = rows.map((candidate) =>
        candidate._id === row._id ? { ...candidate, ...body } : candidate,
      );
      return json(
        200,
        rows.find((candidate) => candidate._id === row._id),
      );
    };
    handlers[`DELETE /api/contacts/${row._id}`] = () => {
      rows = rows.filter((candidate) => candidate._id !== row._id);
      return new Response(null, { status: 204 });
    };
  }
  return handlers;
};

const BOT = contactMessage({
  name: 'Spam Bot',
  email: 'bot@example.test',
  subject: 'Cheap pills',
  spam: true,
  createdAt: '2026-03-06T09:00:00Z',
});

const list = () => screen.getByRole('list', { name: 'Contact Messages' });
const entries = () => within(list()).getAllByRole('link');
const detail = () => screen.getByRole('article');

describe('Contact Messages', () => {
  beforeEach(() => setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY));

  it('lists the messages with their count, unread count and each row’s fields', async () => {
    signedInApi(inbox());
    renderAdmin('/admin/contacts');

    expect(await screen.findByText('3 messages · 1 unread')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Contact Messages', level: 1 })).toBeVisible();
    const ada = within(list()).getByRole('link', {
      name: /^Ada Lovelace New ada@example.test A new website Mar 5, 2026/,
    });
    expect(ada).toHaveTextContent('ada@example.test');
    expect(ada).toHaveTextContent('New');
    expect(ada).toHaveTextContent('Mar 5, 2026');
    expect(ada).toHaveTextContent('High priority');
    expect(entries()).toHaveLength(3);
    expect(screen.getByText('Select a contact message')).toBeVisible();
    // The sidebar's entry carries the unread count.
    const sidebar = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      await within(sidebar).findByRole('link', { name: /Contact Messages\s*1 unread/ }),
    ).toBeVisible();
  });

  it('keeps spam in its own folder, out of the inbox and its count, and Not spam moves it back', async () => {
    const { requests } = signedInApi(inbox([ADA, BOB, CAT, BOT]));
    renderAdmin('/admin/contacts');
    const user = userEvent.setup();

    expect(await screen.findByText('3 messages · 1 unread')).toBeVisible();
    expect(within(list()).queryByRole('link', { name: /Spam Bot/ })).toBeNull();
    const folders = screen.getByRole('group', { name: 'Folder' });
    await user.click(within(folders).getByRole('button', { name: 'Spam' }));
    expect(await screen.findByText('1 message in spam')).toBeVisible();
    await user.click(within(list()).getByRole('link', { name: /^Spam Bot/ }));
    expect(await within(detail()).findByText(/Kept as spam/)).toBeVisible();

    await user.click(within(detail()).getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('Moved to the inbox')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/contacts/${BOT._id}`)[0])).toEqual({
      spam: false,
      version: 1,
    });
    await user.click(within(folders).getByRole('button', { name: 'Inbox' }));
    expect(await screen.findByText('4 messages · 2 unread')).toBeVisible();
  });

  it('offers the status chips All, New, Read, Replied and Closed and asks the server for one', async () => {
    const { requests } = signedInApi(inbox());
    const { router } = renderAdmin('/admin/contacts');
    const user = userEvent.setup();

    await screen.findByText('3 messages · 1 unread');
    const chips = screen.getByRole('group', { name: 'Status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'New', 'Read', 'Replied', 'Closed']);
    await user.click(within(chips).getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveAccessibleName(/^Bob Ray Read bob@example.test Maintenance quote/);
    expect(router.state.location.search).toBe('?status=read');
    const last = callsTo(requests, 'GET', '/api/contacts').at(-1) as Request;
    expect(new URL(last.url).searchParams.get('status')).toBe('read');
  });

  it('searches name, email and subject on the server after typing rests', async () => {
    const { requests } = signedInApi(inbox());
    const { router } = renderAdmin('/admin/contacts');
    const user = userEvent.setup();

    await screen.findByText('3 messages · 1 unread');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'quote');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(screen.getByText('1 message · 1 unread')).toBeVisible();
    expect(router.state.location.search).toBe('?q=quote');
    const searches = callsTo(requests, 'GET', '/api/contacts')
      .map((request) => new URL(request.url).searchParams.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['quote']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No contacts found')).toBeVisible();
  });

  it('opens a message with every field and leaves its status alone', async () => {
    const { requests } = signedInApi(inbox());
    const { router } = renderAdmin('/admin/contacts?status=new');
    const user = userEvent.setup();

    await user.click(
      await within(await screen.findByRole('list', { name: 'Contact Messages' })).findByRole(
        'link',
        { name: /Ada Lovelace/ },
      ),
    );
    expect(router.state.location.pathname).toBe(`/admin/contacts/${ADA._id}`);
    expect(router.state.location.search).toBe('?status=new');
    const pane = await screen.findByRole('article');
    expect(within(pane).getByText('Ada Lovelace')).toBeVisible();
    expect(within(pane).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute(
      'href',
      'mailto:ada@example.test',
    );
    expect(within(pane).getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
      'href',
      'tel:+44 20 7946 0000',
    );
    expect(pane).toHaveTextContent('SubjectA new website');
    expect(pane).toHaveTextContent('PriorityHigh');
    expect(pane).toHaveTextContent('SourceWebsite');
    expect(pane).toHaveTextContent('Tagslead, uk');
    expect(pane).toHaveTextContent('We would like a new website.');
    expect(within(pane).getByLabelText('Notes')).toHaveValue('Call back on Monday');
    expect(within(pane).getByRole('link', { name: 'Send Email' })).toHaveAttribute(
      'href',
      'mailto:ada@example.test?subject=Re%3A%20A%20new%20website',
    );
    expect(within(pane).getByRole('link', { name: 'Call' })).toBeVisible();
    expect(callsTo(requests, 'PATCH', `/api/contacts/${ADA._id}/status`)).toHaveLength(0);
    expect(callsTo(requests, 'PUT', `/api/contacts/${ADA._id}`)).toHaveLength(0);
  });

  it('hides Call when the sender left no phone', async () => {
    signedInApi(inbox());
    renderAdmin(`/admin/contacts/${BOB._id}`);
    const pane = await screen.findByRole('article');
    expect(within(pane).getByText('Bob Ray')).toBeVisible();
    expect(within(pane).queryByRole('link', { name: 'Call' })).toBeNull();
    expect(pane).not.toHaveTextContent('Phone');
  });

  it('changes the status with the buttons, the current one disabled, and keeps the unread count right', async () => {
    const { requests } = signedInApi(inbox());
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();

    const pane = await screen.findByRole('article');
    const buttons = within(within(pane).getByRole('group', { name: 'Status' })).getAllByRole(
      'button',
    );
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Mark as Read',
      'Mark as Replied',
      'Mark as Closed',
      'Mark as New',
    ]);
    expect(within(pane).getByRole('button', { name: 'Mark as New' })).toBeDisabled();
    await user.click(within(pane).getByRole('button', { name: 'Mark as Read' }));

    expect(await screen.findByText('Contact status updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PATCH', `/api/contacts/${ADA._id}/status`)[0])).toEqual({
      version: 1,
      status: 'read',
    });
    await waitFor(() =>
      expect(within(detail()).getByRole('button', { name: 'Mark as Read' })).toBeDisabled(),
    );
    expect(within(detail()).getByRole('button', { name: 'Mark as New' })).toBeEnabled();
    expect(await screen.findByText('3 messages · 0 unread')).toBeVisible();
    const sidebar = screen.getByRole('navigation', { name: 'Sections' });
    await waitFor(() =>
      expect(within(sidebar).getByRole('link', { name: 'Contact Messages' })).toBeVisible(),
    );
  });

  it('shows the server’s message when a status change fails', async () => {
    signedInApi({
      ...inbox(),
      [`PATCH /api/contacts/${ADA._id}/status`]: () => json(500, { message: 'Database is down' }),
    });
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as Replied' }));
    expect(await screen.findByText('Database is down')).toBeVisible();
    expect(within(detail()).getByRole('button', { name: 'Mark as New' })).toBeDisabled();
  });

  it('saves the notes when the field loses focus, only when they changed', async () => {
    const { requests } = signedInApi(inbox());
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();

    const notes = within(await screen.findByRole('article')).getByLabelText('Notes');
    await user.click(notes);
    await user.tab();
    expect(callsTo(requests, 'PUT', `/api/contacts/${ADA._id}`)).toHaveLength(0);

    await user.clear(notes);
    await user.type(notes, 'Sent a proposal');
    expect(callsTo(requests, 'PUT', `/api/contacts/${ADA._id}`)).toHaveLength(0);
    await user.tab();
    expect(await screen.findByText('Notes saved')).toBeVisible();
    const puts = callsTo(requests, 'PUT', `/api/contacts/${ADA._id}`);
    expect(puts).toHaveLength(1);
    expect(await bodyOf(puts[0])).toEqual({ version: 1, notes: 'Sent a proposal' });
  });

  it('keeps the notes typed when saving them fails', async () => {
    signedInApi({
      ...inbox(),
      [`PUT /api/contacts/${ADA._id}`]: () =>
        json(422, { message: 'Validation failed', errors: { notes: 'Notes are too long' } }),
    });
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();

    const notes = within(await screen.findByRole('article')).getByLabelText('Notes');
    await user.type(notes, ' and Tuesday');
    await user.tab();
    expect(await screen.findByText('Not saved')).toBeVisible();
    expect(await screen.findByText('Validation failed')).toBeVisible();
    expect(notes).toHaveValue('Call back on Monday and Tuesday');
  });

  // The question, Cancel and the failed delete are the kit's (kit/kit-screens.test.tsx).
  it('lowers the unread count when a new message is deleted, keeping the status filter', async () => {
    signedInApi(inbox());
    const { router } = renderAdmin(`/admin/contacts/${ADA._id}?status=new`);
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Contact deleted successfully!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contacts'));
    expect(router.state.location.search).toBe('?status=new');
    expect(await screen.findByText('No contacts found')).toBeVisible();
    expect(screen.getByText('0 messages · 0 unread')).toBeVisible();
  });

  it('moves through the list with the arrow keys and opens a message with Enter', async () => {
    signedInApi(inbox());
    const { router } = renderAdmin('/admin/contacts');
    const user = userEvent.setup();

    await screen.findByText('3 messages · 1 unread');
    entries()[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(entries()[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(entries()[2]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(entries()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/contacts/${BOB._id}`));
    expect(await within(await screen.findByRole('article')).findByText('Bob Ray')).toBeVisible();
    expect(entries()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('says when a message cannot be found and when the inbox cannot load', async () => {
    signedInApi({
      ...inbox(),
      'GET /api/contacts/65a1b2c3d4e5f6ffffffffff': () =>
        json(404, { message: 'Contact not found' }),
    });
    renderAdmin('/admin/contacts/65a1b2c3d4e5f6ffffffffff');
    expect(await screen.findByText('Contact not found')).toBeVisible();
  });

  it('shows the fallback when the list fails to load', async () => {
    signedInApi({ 'GET /api/contacts': () => json(500, {}) });
    renderAdmin('/admin/contacts');
    expect(await screen.findByText('Failed to fetch contacts')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows the list, then the message with a back control, on a narrow screen', async () => {
    setMatchingMedia();
    signedInApi(inbox());
    const { router } = renderAdmin('/admin/contacts?q=a');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: /Bob Ray/ }));
    const pane = await screen.findByRole('article');
    expect(within(pane).getByText('Bob Ray')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Contact Messages' })).toBeNull();
    expect(screen.queryByText('Select a contact message')).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Bob Ray: Maintenance quote', level: 2 }),
    ).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contacts'));
    expect(router.state.location.search).toBe('?q=a');
    expect(await screen.findByRole('list', { name: 'Contact Messages' })).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to messages' })).toBeNull();
  });

  it('downloads the CSV the server exports for the current filter and says how many it holds', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:contacts';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const file =
      '\uFEFFReceived,Name,Message\r\n2026-03-05T10:00:00Z,Ada Lovelace,"Two\nlines"\r\n';
    const { requests } = signedInApi({
      ...inbox(),
      'GET /api/contacts/export': () =>
        new Response(file, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    renderAdmin('/admin/contacts?status=new&q=ada');
    const user = userEvent.setup();

    await screen.findByText('1 message · 1 unread');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 contacts')).toBeVisible();
    expect(click).toHaveBeenCalledOnce();
    const [exported] = callsTo(requests, 'GET', '/api/contacts/export');
    const params = new URL((exported as Request).url).searchParams;
    expect([params.get('status'), params.get('search')]).toEqual(['new', 'ada']);
    expect(params.has('limit')).toBe(false);
    const blob = blobs[0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // One byte-order mark first, so spreadsheets read the file as UTF-8.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'R'.charCodeAt(0)]);
    expect(await blob.text()).toContain('Ada Lovelace,"Two\nlines"');
  });

  it('says why an export failed and downloads nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    signedInApi({
      ...inbox(),
      'GET /api/contacts/export': () => json(500, {}),
    });
    renderAdmin('/admin/contacts');
    const user = userEvent.setup();
    await screen.findByText('3 messages · 1 unread');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export contacts')).toBeVisible();
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says who else has the message open', async () => {
    signedInApi({
      ...inbox(),
      [`PUT /api/presence/contact/${ADA._id}`]: () =>
        json(200, [
          {
            account: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
            since: '2026-03-05T15:04:00Z',
          },
        ]),
    });
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const pane = await screen.findByRole('article');
    await waitFor(() =>
      expect(
        within(pane)
          .getAllByRole('status')
          .some((node) => /^Ana Ruiz is editing this since /.test(node.textContent ?? '')),
      ).toBe(true),
    );
  });

  it('keeps the notes typed when someone changed them meanwhile, and merges them on request', async () => {
    const theirs = { ...ADA, notes: 'Call back on Monday\nThey prefer email', version: 2 };
    let puts = 0;
    const { requests } = signedInApi({
      ...inbox(),
      [`PUT /api/contacts/${ADA._id}`]: async (request) => {
        puts += 1;
        if (puts === 1)
          return json(409, {
            code: 'stale',
            message: 'changed',
            current: theirs,
            changedBy: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
            changedAt: '2026-03-05T15:04:00Z',
          });
        const body = (await request.clone().json()) as { notes: string };
        return json(200, { ...theirs, notes: body.notes, version: 3 });
      },
    });
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();

    const notes = within(await screen.findByRole('article')).getByLabelText('Notes');
    await user.click(notes);
    await user.keyboard('{Control>}{Home}{/Control}Sent a proposal\n');
    await user.tab();
    // The view opens at once over the banner (as soon as its code is loaded, at once when an
    // earlier test loaded it); closed, it leaves the banner and the notes typed.
    await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.keyboard('{Escape}');
    const alert = await within(detail()).findByRole('alert');
    expect(alert).toHaveTextContent(/Ana Ruiz changed this message at/);
    expect(alert).toHaveTextContent('You both changed Notes.');
    expect(notes).toHaveValue('Sent a proposal\nCall back on Monday');

    await user.click(within(alert).getByRole('button', { name: 'Compare and merge' }));
    const view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.click(within(view).getByRole('button', { name: 'Merge' }));
    const merge = await screen.findByRole('dialog', { name: 'Merge the changes' });
    await user.click(within(merge).getByRole('button', { name: 'Save merged' }));

    expect(await screen.findByText('Notes saved')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/contacts/${ADA._id}`)[1])).toEqual({
      version: 2,
      notes: 'Sent a proposal\nCall back on Monday\nThey prefer email',
    });
  });

  it('shows their version after a status change met a newer one, saving nothing', async () => {
    const { requests } = signedInApi({
      ...inbox(),
      [`PATCH /api/contacts/${ADA._id}/status`]: () =>
        json(409, {
          code: 'stale',
          message: 'changed',
          current: { ...ADA, status: 'closed', version: 2 },
          changedBy: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
          changedAt: '2026-03-05T15:04:00Z',
        }),
    });
    renderAdmin(`/admin/contacts/${ADA._id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as Replied' }));
    expect(
      await screen.findByText(/^Ana Ruiz changed this at .*: choose again to change it\.$/),
    ).toBeVisible();
    await waitFor(() =>
      expect(callsTo(requests, 'GET', `/api/contacts/${ADA._id}`).length).toBeGreaterThan(1),
    );
  });
});
