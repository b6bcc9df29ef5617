import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

// The Tags screen is the kit's plainest consumer of its forms.
const REACT = tag({ name: 'React', type: 'blog' });
const presencePath = `/api/presence/tag/${REACT._id}`;
const ana = {
  account: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
  since: '2026-01-05T15:04:00Z',
};

describe('Presence in the kit’s forms', () => {
  it('an edit form says who else is editing the record, and leaves when closed', async () => {
    const { requests } = signedInApi({
      'GET /api/tags': () => json(200, [REACT]),
      [`PUT ${presencePath}`]: () => json(200, [ana]),
      [`DELETE ${presencePath}`]: () => new Response(null, { status: 204 }),
    });
    renderAdmin(`/admin/tags/edit/${REACT._id}`);

    const dialog = await screen.findByRole('dialog', { name: 'Edit Tag' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /^Ana Ruiz is editing this since /,
    );
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(callsTo(requests, 'DELETE', presencePath)).toHaveLength(1));
  });

  it('a create form sends no heartbeat', async () => {
    const { requests } = signedInApi({ 'GET /api/tags': () => json(200, [REACT]) });
    renderAdmin('/admin/tags/new');
    await screen.findByRole('dialog', { name: 'Add Tag' });
    expect(requests.some((request) => request.url.includes('/api/presence/'))).toBe(false);
  });
});
