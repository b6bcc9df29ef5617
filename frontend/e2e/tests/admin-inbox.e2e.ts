import { describe, expect, it } from 'vitest';
import { adminCall, banner, signedInSuite, signInPage } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

interface ContactList {
  contacts: { _id: string; status: string; notes: string }[];
  unreadCount: number;
}
interface RequestList {
  projectRequests: { _id: string; status: string }[];
}

describe('Back office: the inbox and the pipeline against the real server', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('shows a message sent on /contact with the unread badge, then reads, notes and deletes it', async () => {
    const { page } = browser();
    const stamp = `inbox-${Date.now()}`;

    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel(/Your Name/).fill('Inbox Visitor');
    await page.getByLabel(/Email Address/).fill(`${stamp}@example.com`);
    await page.getByLabel(/Subject/).fill(`Question ${stamp}`);
    await page.getByLabel(/^Message/).fill('Do you build booking systems?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for your message!').waitFor();

    const before = await adminCall<ContactList>(baseUrl, session(), 'GET', '/contacts?limit=1');
    await signInPage(page, baseUrl, session());
    await page.goto(`${baseUrl}/admin/contacts?q=${stamp}`);
    const sidebar = page.getByRole('navigation', { name: 'Sections' });
    await sidebar
      .getByRole('link', { name: `Contact Messages ${before.unreadCount} unread` })
      .waitFor();

    // Arrow keys reach the entry, Enter opens it; opening leaves it unread.
    const entry = page.getByRole('link', {
      name: new RegExp(`^Inbox Visitor New .*Question ${stamp}`),
    });
    await entry.waitFor();
    await entry.focus();
    await page.keyboard.press('Enter');
    const pane = page.getByRole('article');
    await pane.getByText('Do you build booking systems?').waitFor();
    expect(await pane.getByRole('button', { name: 'Mark as New' }).isDisabled()).toBe(true);

    await pane.getByRole('button', { name: 'Mark as Read' }).click();
    await banner(page, 'Contact status updated successfully!');
    const unreadNow = before.unreadCount - 1;
    await sidebar
      .getByRole('link', {
        name: unreadNow > 0 ? `Contact Messages ${unreadNow} unread` : 'Contact Messages',
        exact: true,
      })
      .waitFor();

    await pane.getByLabel('Notes').fill('Sent our booking case study.');
    await pane.getByRole('link', { name: 'Send Email' }).focus();
    await pane.getByText('Notes saved').waitFor();
    await page.reload();
    expect(await page.getByRole('article').getByLabel('Notes').inputValue()).toBe(
      'Sent our booking case study.',
    );
    expect(
      await page.getByRole('article').getByRole('button', { name: 'Mark as Read' }).isDisabled(),
    ).toBe(true);

    await page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Contact Message' });
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete the message from Inbox Visitor? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'Contact deleted successfully!');
    await page.getByText('No contacts found').waitFor();
    const left = await adminCall<ContactList>(
      baseUrl,
      session(),
      'GET',
      `/contacts?search=${stamp}`,
    );
    expect(left.contacts).toEqual([]);
  });

  it('moves a quote request from /discuss-project through the pipeline', async () => {
    const { page } = browser();
    const stamp = `pipeline-${Date.now()}`;

    await page.goto(`${baseUrl}/discuss-project`);
    await page.getByLabel(/Your Name/).fill('Pipeline Client');
    await page.getByLabel(/Company Name/).fill(`Company ${stamp}`);
    await page.getByLabel(/Email Address/).fill(`${stamp}@example.com`);
    await page.getByLabel(/Project Type/).selectOption('web-app');
    await page.getByLabel(/Budget Range/).selectOption('25k-50k');
    await page.getByLabel(/Timeline/).selectOption('3-6-months');
    await page.getByLabel(/Project Description/).fill('A portal for our dealers.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Project Request' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();

    await signInPage(page, baseUrl, session());
    await page.goto(`${baseUrl}/admin/project-requests?q=${stamp}`);
    await page.getByRole('link', { name: /^Pipeline Client/ }).click();
    const pane = page.getByRole('article');
    await pane.getByText('Web Application').waitFor();
    expect(await pane.textContent()).toContain('$25,000 - $50,000');

    for (const step of ['Contacted', 'Proposal Sent', 'Accepted']) {
      await pane.getByRole('button', { name: step }).click();
      await banner(page, 'Status updated successfully!');
      await page.getByRole('article').getByRole('button', { name: step, pressed: true }).waitFor();
    }
    await pane.getByLabel('Priority').selectOption('high');
    await banner(page, 'Project request updated successfully!');

    const [stored] = (
      await adminCall<RequestList>(baseUrl, session(), 'GET', `/project-requests?search=${stamp}`)
    ).projectRequests;
    expect(stored).toEqual(expect.objectContaining({ status: 'accepted', priority: 'high' }));

    // The pipeline's Accepted step filters the list to it.
    await page
      .getByRole('navigation', { name: 'Pipeline' })
      .getByRole('button', { name: /Accepted/ })
      .click();
    await page.waitForURL(/status=accepted/);
    await page.getByRole('link', { name: /^Pipeline Client/ }).waitFor();

    await page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Project Request' });
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete the project request for Pipeline Client? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await banner(page, 'Project request deleted successfully!');
    const left = await adminCall<RequestList>(
      baseUrl,
      session(),
      'GET',
      `/project-requests?search=${stamp}`,
    );
    expect(left.projectRequests).toEqual([]);
  });

  it.each([
    ['contacts', 'Select a contact message'],
    ['project-requests', 'Select a project request'],
    ['project-requests/new', 'Create Request'],
  ])('/admin/%s has no serious accessibility finding', async (path, ready) => {
    const { page } = browser();
    await signInPage(page, baseUrl, session());
    await page.goto(`${baseUrl}/admin/${path}`);
    await page.getByText(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious accessibility finding with a message open on a phone', async () => {
    const { page } = browser();
    const { contacts } = await adminCall<ContactList>(
      baseUrl,
      session(),
      'GET',
      '/contacts?limit=1',
    );
    const first = contacts[0];
    if (!first) throw new Error('the demo content has no contact message');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await signInPage(page, baseUrl, session());
      await page.goto(`${baseUrl}/admin/contacts/${first._id}`);
      await page.getByRole('link', { name: 'Back to messages' }).waitFor();
      expect(await page.getByRole('list', { name: 'Contact Messages' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
