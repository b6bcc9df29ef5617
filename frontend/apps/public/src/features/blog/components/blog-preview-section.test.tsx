import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePost, postList } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const section = () => screen.getByRole('region', { name: 'Latest from Our Blog' });
const home = (handler: Parameters<typeof mockApi>[0][string]) =>
  mockApi({
    'GET /api/services/featured': () => json(200, []),
    'GET /api/blog/public/posts': handler,
  });

describe('Home blog section', () => {
  it('asks for page 1 of 6 published posts', async () => {
    const { requests } = home(() => json(200, postList([])));
    renderRoute('/');

    await within(section()).findByText('No blog posts available at the moment.');
    const request = requests.find((r) => r.url.includes('/blog/public/posts'));
    const query = new URL(request?.url ?? '').searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', limit: '6', status: 'published' });
  });

  it('holds the space with card skeletons while loading', () => {
    home(never);
    renderRoute('/');

    expect(within(section()).getByRole('status', { name: 'Loading blog posts' })).toBeVisible();
  });

  it('shows "Error loading blog posts: {error}" when loading fails', async () => {
    home(() => json(500, { message: 'Internal server error' }));
    renderRoute('/');

    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Error loading blog posts: Internal server error',
    );
  });

  it('shows a card per post with its badge, date, reading time, author and links', async () => {
    home(() =>
      json(
        200,
        postList([
          makePost({
            title: 'Shipping Rust',
            slug: 'shipping-rust',
            authorName: '',
            categoryName: 'Engineering',
          }),
          makePost({ title: 'Design Systems', content: Array(450).fill('w').join(' ') }),
        ]),
      ),
    );
    renderRoute('/');

    const cards = await within(section()).findAllByTestId('blog-card');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    // Each card's badge is its post's own category; a post without one has no badge.
    expect(first).toHaveTextContent('Engineering');
    expect(cards[1]).not.toHaveTextContent('Technology');
    expect(first).toHaveTextContent('March 15, 2024');
    expect(first).toHaveTextContent('1 min read');
    expect(first).toHaveTextContent('Unknown Author');
    expect(within(first).getByRole('link', { name: 'Shipping Rust' })).toHaveAttribute(
      'href',
      '/blog/shipping-rust',
    );
    expect(within(first).getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/blog/shipping-rust',
    );
    expect(cards[1]).toHaveTextContent('3 min read');
    expect(within(section()).getByRole('link', { name: 'View All Posts' })).toHaveAttribute(
      'href',
      '/blog',
    );
  });

  it('shows the posts as a carousel on small screens', async () => {
    setMatchingMedia();
    home(() => json(200, postList([makePost(), makePost()])));
    renderRoute('/');

    const carousel = await within(section()).findByRole('region', { name: 'Blog posts' });
    expect(within(carousel).getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
  });
});
