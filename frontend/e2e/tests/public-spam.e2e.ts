import { describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite, signInPage } from '../support/admin-session';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface ContactList {
  contacts: { _id: string; subject: string; spam: boolean }[];
  totalItems: number;
  unreadCount: number;
}

describe('Spam: the contact form solves a real proof of work; a bot lands in the Spam folder', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('files a message whose hidden field a bot filled under Spam, and Not spam brings it back', async () => {
    const { page } = browser();
    const stamp = `spam-${Date.now()}`;
    const before = await adminCall<ContactList>(baseUrl, session(), 'GET', '/contacts?limit=1');

    await page.goto(`${baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Contact' });
    // The search starts with the page: the production difficulty, solved in this Chromium.
    await expect.poll(() => form.getAttribute('data-proof'), { timeout: 20_000 }).toBe('ready');
    await page.getByLabel(/Your Name/).fill('Spam Bot');
    await page.getByLabel(/Email Address/).fill(`${stamp}@example.com`);
    await page.getByLabel(/Subject/).fill(`Cheap pills ${stamp}`);
    await page.getByLabel(/^Message/).fill('Buy now!');
    // What a bot does: it fills every input it finds, the hidden one too.
    await page.evaluate(() => {
      const honeypot = document.querySelector<HTMLInputElement>(
        'form[aria-label="Contact"] input[name="website"]',
      );
      if (!honeypot) throw new Error('no honeypot on the form');
      // The value as a script sets it (the prototype's setter, so React sees the change), then the
      // event a browser sends after typing.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(honeypot, 'https://spam.example');
      honeypot.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for your message!').waitFor();

    const inbox = await adminCall<ContactList>(baseUrl, session(), 'GET', '/contacts?limit=1');
    expect([inbox.totalItems, inbox.unreadCount]).toEqual([before.totalItems, before.unreadCount]);

    await signInPage(page, baseUrl, session());
    await page.goto(`${baseUrl}/admin/contacts?q=${stamp}`);
    await page.getByText('No contacts found').waitFor();
    await page.getByRole('button', { name: 'Spam' }).click();
    const entry = page.getByRole('link', { name: new RegExp(`^Spam Bot .*Cheap pills ${stamp}`) });
    await entry.click();
    const pane = page.getByRole('article');
    await pane.getByText('Kept as spam').waitFor();
    await pane.getByRole('button', { name: 'Not spam' }).click();
    await banner(page, 'Moved to the inbox');

    const after = await adminCall<ContactList>(
      baseUrl,
      session(),
      'GET',
      `/contacts?search=${encodeURIComponent(stamp)}`,
    );
    expect(after.contacts.map((contact) => [contact.subject, contact.spam])).toEqual([
      [`Cheap pills ${stamp}`, false],
    ]);
    const unread = await adminCall<ContactList>(baseUrl, session(), 'GET', '/contacts?limit=1');
    expect(unread.unreadCount).toBe(before.unreadCount + 1);
  });
});
