import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free loopback port that answers 204 and keeps what it got. */
const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(204).end();
  });
});

const signatureOf = (secret: string, message: Received) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
};

describe('Back office: webhooks against a local receiver', () => {
  const { browser } = signedInSuite(baseUrl);
  let receiverUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('adds an endpoint, shows its secret once, sends a signed test event and lists the delivery', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/admin/webhooks`);
    await page.getByText('No endpoints yet. Add one below.').waitFor();
    const form = page.getByRole('region', { name: 'Add Endpoint' });
    await form.getByLabel(/^URL/).fill(receiverUrl);
    await form.getByRole('checkbox', { name: /A contact message arrives/ }).check();
    await form.getByRole('button', { name: 'Add Endpoint' }).click();
    const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    await deliveries.getByText('webhook.test').waitFor({ timeout: 20_000 });
    await deliveries.getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.headers['webhook-signature']).toBe(signatureOf(secret, message as Received));
    expect(JSON.parse(message?.body ?? '{}')).toMatchObject({ type: 'webhook.test', version: 1 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: `Rotate secret of ${receiverUrl}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the secret?' });
    await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
    const rotated = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(rotated).not.toBe(secret);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
