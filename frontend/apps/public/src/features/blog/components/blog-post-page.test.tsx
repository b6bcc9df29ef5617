import { json, type MockHandler, mockApi, never } from '@atelier/api-client/test/mock-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const POST = makePost({
  slug: 'shipping-rust',
  title: 'Shipping Rust',
  content: '## Why Rust\n\nBecause **it is fast**.',
  categoryName: 'Engineering',
  tagNames: 'Rust, APIs',
});

const renderPost = (answer: MockHandler = () => json(200, POST)) => {
  const mocked = mockApi({
    'GET /api/blog/public/posts/slug/shipping-rust': answer,
  });
  renderRoute('/blog/shipping-rust');
  return mocked;
};

describe('Blog post page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the post, rendered from markdown, and leaves counting its view to the beacon', async () => {
    const { requests } = renderPost();

    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Rust' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Why Rust' })).toBeInTheDocument();
    expect(screen.getByText('it is fast').tagName).toBe('STRONG');
    expect(screen.getByText('Engineering')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('#Rust#APIs');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('serves library images from their WebP copies: the cover at once, pictures in the text lazily', async () => {
    const hash = 'c'.repeat(64);
    const copies = (id: string) =>
      [480, 960].map((width) => ({
        url: `/media/${id}-${width}w.webp`,
        width,
        height: width / 2,
        size: 1,
      }));
    const cover = { path: `/media/${hash}.jpg`, width: 2000, height: 1000, variants: copies(hash) };
    const inText = {
      path: `/media/${'d'.repeat(64)}.png`,
      width: 1000,
      height: 500,
      variants: copies('d'.repeat(64)),
    };
    renderPost(() =>
      json(200, {
        ...POST,
        featuredImage: cover.path,
        content: `Intro\n\n![Plan](${inText.path})`,
        // The server's rendering describes the library picture of the text.
        contentHtml:
          `<p>Intro</p>\n<p><img src="${inText.path}" alt="Plan" loading="lazy" decoding="async" ` +
          `width="1000" height="500" srcset="/media/${'d'.repeat(64)}-480w.webp 480w, ` +
          `/media/${'d'.repeat(64)}-960w.webp 960w" sizes="(min-width: 48rem) 48rem, 100vw"></p>\n`,
        images: [cover, inText],
      }),
    );

    await screen.findByRole('heading', { level: 1, name: 'Shipping Rust' });
    const featured = document.querySelector(`img[src="${cover.path}"]`);
    expect(featured).toHaveAttribute(
      'srcset',
      `/media/${hash}-480w.webp 480w, /media/${hash}-960w.webp 960w`,
    );
    expect(featured).toHaveAttribute('sizes');
    expect(featured).toHaveAttribute('fetchpriority', 'high');
    expect(featured).toHaveAttribute('loading', 'eager');
    expect([featured?.getAttribute('width'), featured?.getAttribute('height')]).toEqual([
      '2000',
      '1000',
    ]);
    const plan = await screen.findByRole('img', { name: 'Plan' });
    expect(plan.getAttribute('srcset')).toContain('-480w.webp 480w');
    expect(plan).toHaveAttribute('loading', 'lazy');
    expect(plan).toHaveAttribute('width', '1000');
  });

  it('holds the space while loading', () => {
    renderPost(never);
    expect(screen.getByRole('status', { name: 'Loading post' })).toBeInTheDocument();
  });

  it('says Post Not Found for an unknown slug', async () => {
    renderPost(() => json(404, { message: 'Not found' }));

    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The blog post you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to All Posts' })[0]).toHaveAttribute(
      'href',
      '/blog',
    );
  });

  it('says Error Loading Post with the message when loading fails', async () => {
    renderPost(() => json(500, { message: 'Database unavailable' }));

    expect(await screen.findByRole('heading', { name: 'Error Loading Post' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('link', { name: 'Back to All Posts' })).toBeInTheDocument();
  });

  it('opens a share menu without native sharing; copying says Link copied! for 2 s, then closes', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderPost();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));

    const menu = screen.getByRole('list', { name: 'Share this post' });
    const links = Array.from(menu.querySelectorAll('a')).map((a) => [a.textContent, a.target]);
    expect(links).toEqual([
      ['Twitter', '_blank'],
      ['Facebook', '_blank'],
      ['LinkedIn', '_blank'],
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Link copied!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('/blog/shipping-rust'));

    await act(async () => {});
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('list', { name: 'Share this post' })).toBeNull();
  });

  it('closes the share menu with Escape and gives the focus back', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    renderPost();
    const share = await screen.findByRole('button', { name: 'Share' });
    fireEvent.click(share);

    const menu = screen.getByRole('list', { name: 'Share this post' });
    fireEvent.keyDown(within(menu).getByRole('link', { name: 'Twitter' }), { key: 'Escape' });

    expect(screen.queryByRole('list', { name: 'Share this post' })).toBeNull();
    expect(share).toHaveFocus();
  });

  it("uses the device's share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderPost();

    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));

    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Shipping Rust',
        url: expect.stringContaining('/blog/shipping-rust'),
      }),
    );
    expect(screen.queryByRole('list', { name: 'Share this post' })).toBeNull();
  });
});
