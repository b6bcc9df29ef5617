import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { accountOf } from '@/test/fixtures';
import { blogPost } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const api = (posts: ReturnType<typeof blogPost>[]) => ({
  'GET /api/blog/posts': (request: Request) => {
    const status = new URL(request.url).searchParams.get('status');
    const blogs = status ? posts.filter((post) => post.status === status) : posts;
    return json(200, { blogs, totalItems: blogs.length, totalPages: 1, currentPage: 1 });
  },
  'GET /api/portfolio': () =>
    json(200, { projects: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/testimonials': () =>
    json(200, { testimonials: [], totalItems: 0, totalPages: 0, currentPage: 1 }),
  'GET /api/faqs': () =>
    json(200, { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } }),
  'GET /api/content': () => json(200, []),
  'GET /api/blog/categories': () => json(200, []),
});

const WAITING = [
  blogPost({
    _id: '65a1b2c3d4e5f60718293b01',
    title: 'Newer submission',
    status: 'in_review',
    createdBy: { id: '65a1b2c3d4e5f60718293c01', name: 'Cai Writer' },
    submittedAt: ago(5),
  }),
  blogPost({
    _id: '65a1b2c3d4e5f60718293b02',
    title: 'Waiting longest',
    status: 'in_review',
    createdBy: { id: '65a1b2c3d4e5f60718293c02', name: 'Ana Author' },
    submittedAt: ago(60 * 3),
  }),
  blogPost({ _id: '65a1b2c3d4e5f60718293b03', title: 'Live already', status: 'published' }),
];

describe('Waiting for review, on the dashboard', () => {
  it('lists an Editor the posts in review, longest waiting first, linking to their forms', async () => {
    const { requests } = signedInApi(api(WAITING), accountOf('editor'));
    renderAdmin('/admin/dashboard');

    const list = await screen.findByRole('region', { name: 'Waiting for review' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Waiting longestby Ana AuthorSubmitted 3h ago',
      'Newer submissionby Cai WriterSubmitted 5m ago',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/blog/edit/65a1b2c3d4e5f60718293b02',
    );
    expect(within(list).getByRole('link', { name: '2 posts' })).toHaveAttribute(
      'href',
      '/admin/blog?status=in_review',
    );
    const asked = callsTo(requests, 'GET', '/api/blog/posts').map((request) =>
      new URL(request.url).searchParams.get('status'),
    );
    expect(asked).toContain('in_review');
  });

  it('says when nothing waits', async () => {
    signedInApi(api([]), accountOf('administrator'));
    renderAdmin('/admin/dashboard');
    const list = await screen.findByRole('region', { name: 'Waiting for review' });
    expect(
      await within(list).findByText(
        'Nothing is waiting for review. Posts that writers submit appear here.',
      ),
    ).toBeVisible();
  });

  it('is not shown to the roles that do not decide', async () => {
    signedInApi(api(WAITING), accountOf('contributor'));
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('region', { name: 'Recent Activity' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Waiting for review' })).toBeNull();
  });
});
