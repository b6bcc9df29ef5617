import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { matchesSearch } from '@atelier/site/post-view';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCategory, makePost, postList } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const design = makeCategory({ name: 'design', displayName: 'Design' });
const rust = makeCategory({ name: 'rust', displayName: 'Rust' });

/** The server's list: search over title, excerpt and author, any of the categories, one page. */
const renderBlog = (posts = [makePost()]) => {
  const mocked = mockApi({
    'GET /api/blog/public/posts': (request) => {
      const params = new URL(request.url).searchParams;
      const search = params.get('search')?.toLowerCase();
      const categories = params.get('category')?.split(',');
      const found = posts
        .filter((p) => !search || matchesSearch(p, search))
        .filter((p) => !categories || categories.includes(p.category ?? ''));
      const page = Number(params.get('page') ?? '1');
      const limit = Number(params.get('limit') ?? '12');
      return json(200, {
        ...postList(found.slice((page - 1) * limit, page * limit)),
        totalItems: found.length,
        totalPages: Math.max(1, Math.ceil(found.length / limit)),
        currentPage: page,
      });
    },
    'GET /api/blog/categories': () => json(200, [design, rust]),
  });
  renderRoute('/blog');
  return mocked;
};
const searchParams = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const titles = () =>
  screen.queryAllByTestId('blog-card').map((card) => card.querySelector('h3')?.textContent);
const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', { name });

describe('Blog list page', () => {
  it('asks the server for the first page of 12 published posts', async () => {
    const { requests } = renderBlog();

    await screen.findAllByTestId('blog-card');
    const request = requests.find((r) => r.url.includes('/blog/public/posts'));
    expect(searchParams(request ?? new Request('http://localhost'))).toEqual({
      page: '1',
      limit: '12',
      status: 'published',
    });
  });

  it('searches titles, excerpts and authors, and says when nothing matches', async () => {
    renderBlog([
      makePost({ title: 'Rust at scale' }),
      makePost({ title: 'Colour', excerpt: 'About RUST stains' }),
      makePost({ title: 'Hiring', authorName: 'Rusty Jones' }),
      makePost({ title: 'Design' }),
    ]);
    await screen.findAllByTestId('blog-card');

    fireEvent.change(screen.getByLabelText('Search posts'), { target: { value: 'rust' } });
    expect(titles()).toEqual(['Rust at scale', 'Colour', 'Hiring']);

    fireEvent.change(screen.getByLabelText('Search posts'), { target: { value: 'nothing' } });
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
  });

  it('sends the search to the server once typing settles', async () => {
    const { requests } = renderBlog();
    await screen.findAllByTestId('blog-card');

    fireEvent.change(screen.getByLabelText('Search posts'), { target: { value: '  Post ' } });

    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).searchParams.get('search') === 'Post')).toBe(true),
    );
  });

  it('filters by several categories, with "All" exclusive and chips to remove them', async () => {
    const { requests } = renderBlog([
      makePost({ title: 'A', category: design._id }),
      makePost({ title: 'B', category: rust._id }),
      makePost({ title: 'C', category: null }),
    ]);
    await screen.findAllByTestId('blog-card');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(await screen.findByRole('button', { name: 'Design' }));
    expect(chip('All')).toHaveAttribute('aria-pressed', 'false');
    expect(titles()).toEqual(['A']);

    fireEvent.click(chip('Rust'));
    expect(titles()).toEqual(['A', 'B']);
    await waitFor(() =>
      expect(requests.some((r) => searchParams(r).category === `${design._id},${rust._id}`)).toBe(
        true,
      ),
    );
    const chips = screen.getByRole('list', { name: 'Selected categories' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Design ×', 'Rust ×']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Design' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rust' }));
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    expect(titles()).toEqual(['A', 'B', 'C']);
  });

  it('pages through the posts 12 at a time', async () => {
    renderBlog(Array.from({ length: 14 }, (_, index) => makePost({ title: `P${index + 1}` })));
    await screen.findAllByTestId('blog-card');
    expect(titles()).toHaveLength(12);
    expect(screen.getByText('14 posts')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    await waitFor(() => expect(titles()).toEqual(['P13', 'P14']));
  });

  it('reaches the 101st post and beyond: every page comes from the server', async () => {
    const { requests } = renderBlog(
      Array.from({ length: 101 }, (_, index) => makePost({ title: `P${index + 1}` })),
    );
    await screen.findAllByTestId('blog-card');
    expect(screen.getByText('101 posts')).toBeInTheDocument();

    for (let page = 2; page <= 9; page += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: `Page ${page}` })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      );
    }

    await waitFor(() => expect(titles()).toEqual(['P97', 'P98', 'P99', 'P100', 'P101']));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(requests.some((r) => searchParams(r).page === '9')).toBe(true);
  });

  it('shows the error text when loading fails', async () => {
    mockApi({ 'GET /api/blog/public/posts': () => json(500, { message: 'Boom' }) });
    renderRoute('/blog');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading blog posts: Boom');
  });
});
