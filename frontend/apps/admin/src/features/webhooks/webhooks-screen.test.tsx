import type { Webhook, WebhookDelivery } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { webhookRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const EVENTS = ['post.published', 'contact.received', 'newsletter.confirmed'];
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  _id: '65a1b2c3d4e5f60718299901',
  eventType: 'contact.received',
  status: 'failed',
  attempts: 8,
  nextAttemptAt: '2026-03-05T10:00:00Z',
  lastStatus: 500,
  createdAt: '2026-03-04T10:00:00Z',
  deliveredAt: null,
  payload: '{}',
  attemptLog: [
    {
      attemptedAt: '2026-03-04T10:00:00Z',
      status: 500,
      excerpt: 'upstream exploded',
      error: null,
      durationMs: 42,
    },
  ],
  ...overrides,
});

const listing = (webhooks: Webhook[]) => () => json(200, { webhooks, events: EVENTS });

describe('Webhooks', () => {
  it('adds an endpoint with its events and shows its secret once', async () => {
    let webhooks: Webhook[] = [];
    const { requests } = signedInApi({
      'GET /api/webhooks': () => json(200, { webhooks, events: EVENTS }),
      'POST /api/webhooks': async (request: Request) => {
        const body = (await request.clone().json()) as { url: string; events: string[] };
        const created = webhookRecord({ url: body.url, events: body.events as Webhook['events'] });
        webhooks = [created];
        return json(201, { webhook: created, secret: SECRET });
      },
    });
    renderAdmin('/admin/webhooks');
    const user = userEvent.setup();
    expect(await screen.findByText('No endpoints yet. Add one below.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    expect(await screen.findByText('URL is required')).toBeVisible();
    expect(screen.getByText('Choose at least one event')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: /URL/ }), 'https://crm.example.com/in');
    const events = screen.getByRole('group', { name: /Events/ });
    await user.click(within(events).getByRole('checkbox', { name: /A contact message arrives/ }));
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));

    const region = await screen.findByRole('region', { name: 'New signing secret' });
    expect(within(region).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    const [sent] = callsTo(requests, 'POST', '/api/webhooks');
    expect(await bodyOf(sent)).toEqual({
      url: 'https://crm.example.com/in',
      description: '',
      events: ['contact.received'],
      active: true,
    });
    const list = await screen.findByRole('list', { name: 'Endpoints' });
    expect(list).toHaveTextContent('https://crm.example.com/in');
    await user.click(within(region).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New signing secret' })).toBeNull();
  });

  it('rotates the secret only after confirming', async () => {
    const endpoint = webhookRecord();
    const { requests } = signedInApi({
      'GET /api/webhooks': listing([endpoint]),
      [`POST /api/webhooks/${endpoint._id}/secret`]: () =>
        json(200, { webhook: endpoint, secret: 'whsec_bmV3LXNlY3JldC1ieXRlcy1oZXJlIQ==' }),
    });
    renderAdmin('/admin/webhooks');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Rotate secret of ${endpoint.url}` }),
    );
    let dialog = await screen.findByRole('alertdialog', { name: 'Rotate the secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(requests, 'POST', `/api/webhooks/${endpoint._id}/secret`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Rotate secret of ${endpoint.url}` }));
    dialog = await screen.findByRole('alertdialog', { name: 'Rotate the secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate Secret' }));
    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_bmV3LXNlY3JldC1ieXRlcy1oZXJlIQ==',
    );
  });

  it('sends a test event, lists deliveries with their attempts and redelivers one', async () => {
    const endpoint = webhookRecord();
    const { requests } = signedInApi({
      'GET /api/webhooks': listing([endpoint]),
      [`POST /api/webhooks/${endpoint._id}/test`]: () =>
        json(202, delivery({ eventType: 'webhook.test', status: 'pending', attemptLog: [] })),
      [`GET /api/webhooks/${endpoint._id}/deliveries`]: () =>
        json(200, { deliveries: [delivery()] }),
      [`POST /api/webhooks/${endpoint._id}/deliveries/${delivery()._id}/redeliver`]: () =>
        json(202, delivery({ status: 'pending', attempts: 0 })),
    });
    renderAdmin('/admin/webhooks');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Send test event to ${endpoint.url}` }),
    );
    expect(await screen.findByText('Test event queued: it is sent within seconds')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(list).toHaveTextContent('contact.received');
    expect(list).toHaveTextContent('Failed');
    await user.click(within(list).getByText('1 attempt'));
    expect(within(list).getByText('upstream exploded')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: /Redeliver the contact.received/ }));
    await waitFor(() =>
      expect(
        callsTo(
          requests,
          'POST',
          `/api/webhooks/${endpoint._id}/deliveries/${delivery()._id}/redeliver`,
        ),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Delivery queued again')).toBeVisible();
  });

  it('names an endpoint switched off after a day of failures in a banner', async () => {
    const endpoint = webhookRecord({
      active: false,
      disabledAt: '2026-03-05T10:00:00Z',
      failingSince: '2026-03-04T10:00:00Z',
    });
    signedInApi({ 'GET /api/webhooks': listing([endpoint]) });
    renderAdmin('/admin/webhooks');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `${endpoint.url} was switched off after a day of failed deliveries.`,
    );
    expect(screen.getByText('Switched off')).toBeVisible();
  });

  it('edits an endpoint with its version', async () => {
    const endpoint = webhookRecord({ version: 3 });
    const { requests } = signedInApi({
      'GET /api/webhooks': listing([endpoint]),
      [`PUT /api/webhooks/${endpoint._id}`]: () => json(200, { ...endpoint, active: false }),
    });
    renderAdmin('/admin/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${endpoint.url}` }));
    expect(await screen.findByRole('heading', { name: 'Edit Endpoint' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save Endpoint' }));
    await waitFor(() =>
      expect(callsTo(requests, 'PUT', `/api/webhooks/${endpoint._id}`)).toHaveLength(1),
    );
    const [sent] = callsTo(requests, 'PUT', `/api/webhooks/${endpoint._id}`);
    expect(await bodyOf(sent)).toMatchObject({ active: false, version: 3 });
  });
});
