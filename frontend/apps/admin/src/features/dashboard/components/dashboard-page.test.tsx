import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInApi } from '@/test/admin-api';
import { contactMessage, projectRequest } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const post = (id: string, title: string, minutes: number) => ({
  _id: id,
  title,
  createdAt: ago(minutes),
  updatedAt: ago(minutes),
});

const EMPTY = {
  'GET /api/blog/posts': () =>
    json(200, { blogs: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/portfolio': () =>
    json(200, { projects: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/testimonials': () =>
    json(200, { testimonials: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/faqs': () =>
    json(200, { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } }),
  'GET /api/project-requests': () =>
    json(200, { projectRequests: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/project-requests/stats': () =>
    json(200, {
      total: 3,
      byStatus: {
        new_request: 1,
        contacted: 1,
        proposal_sent: 0,
        in_negotiation: 0,
        accepted: 1,
        completed: 0,
        declined: 0,
      },
      byPriority: { low: 0, medium: 3, high: 0, urgent: 0 },
    }),
  'GET /api/contacts': () =>
    json(200, { contacts: [], totalItems: 0, totalPages: 0, currentPage: 1, unreadCount: 4 }),
  'GET /api/content': () => json(200, []),
  'GET /api/blog/categories': () => json(200, []),
};

describe('Dashboard', () => {
  it('says there is no recent activity, with the real figures', async () => {
    signedInApi(EMPTY);
    renderAdmin('/admin/dashboard');

    expect(await screen.findByText('No recent activity')).toBeVisible();
    expect(await screen.findByRole('link', { name: /Unread messages\s*4/ })).toHaveAttribute(
      'href',
      '/admin/contacts?status=new',
    );
    expect(screen.getByRole('link', { name: /Open project requests\s*2/ })).toBeVisible();
    const statuses = screen.getByRole('region', { name: 'Project Requests' });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'New request1',
      'Contacted1',
      'Proposal sent0',
      'In negotiation0',
      'Accepted1',
      'Completed0',
      'Declined0',
    ]);
  });

  it('lists recent activity with relative times and edit links', async () => {
    signedInApi({
      ...EMPTY,
      'GET /api/blog/posts': () =>
        json(200, {
          blogs: [
            post('65a1b2c3d4e5f60718293a01', 'Shipping on Fridays', 0),
            post('65a1b2c3d4e5f60718293a02', 'Older thoughts', 60 * 24 * 40),
          ],
          totalItems: 2,
          totalPages: 1,
          currentPage: 1,
        }),
      'GET /api/portfolio': () =>
        json(200, {
          projects: [post('65a1b2c3d4e5f60718293a03', 'Harbour app', 90)],
          totalItems: 1,
          totalPages: 1,
          currentPage: 1,
        }),
    });
    renderAdmin('/admin/dashboard');

    const feed = await screen.findByRole('region', { name: 'Recent Activity' });
    const items = await within(feed).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/blog/edit/65a1b2c3d4e5f60718293a01',
    );
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('Harbour app');
    expect(items[1]).toHaveTextContent('1h ago');
    expect(within(items[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/portfolio/edit/65a1b2c3d4e5f60718293a03',
    );
    expect(items[2]).not.toHaveTextContent('ago');
  });

  it('opens a message or a request from the activity in its inbox', async () => {
    signedInApi({
      ...EMPTY,
      'GET /api/contacts': () =>
        json(200, {
          contacts: [contactMessage({ _id: '65a1b2c3d4e5f60718293a21', subject: 'Hello' })],
          totalItems: 1,
          totalPages: 1,
          currentPage: 1,
          unreadCount: 1,
        }),
      'GET /api/project-requests': () =>
        json(200, {
          projectRequests: [projectRequest({ _id: '65a1b2c3d4e5f60718293a22' })],
          totalItems: 1,
          totalPages: 1,
          currentPage: 1,
        }),
    });
    renderAdmin('/admin/dashboard');

    const feed = await screen.findByRole('region', { name: 'Recent Activity' });
    const hrefs = (await within(feed).findAllByRole('link')).map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/admin/contacts/65a1b2c3d4e5f60718293a21',
        '/admin/project-requests/65a1b2c3d4e5f60718293a22',
      ]),
    );
  });
});
