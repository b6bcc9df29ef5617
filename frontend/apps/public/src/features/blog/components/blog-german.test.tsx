import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePost, postList } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';

describe('The blog in German', () => {
  inGerman();

  it('writes the cards’ dates, reading times and links, and the count of posts, in German', async () => {
    mockApi({
      'GET /api/blog/public/posts': () =>
        json(200, {
          ...postList([
            makePost({ title: 'Rust ausliefern', authorName: '' }),
            makePost({ content: Array(450).fill('w').join(' ') }),
          ]),
          totalItems: 2,
        }),
      'GET /api/blog/categories': () => json(200, []),
    });
    renderRoute('/blog');

    expect(screen.getByRole('heading', { level: 1, name: 'Unser Blog' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('blog-card');
    const first = cards[0] as HTMLElement;
    expect(first).toHaveTextContent('15. März 2024');
    expect(first).toHaveTextContent('1 Min. Lesezeit');
    expect(first).toHaveTextContent('Unbekannter Autor');
    expect(within(first).getByRole('link', { name: 'Weiterlesen: Rust ausliefern' })).toBeVisible();
    expect(cards[1]).toHaveTextContent('3 Min. Lesezeit');
    expect(screen.getByText('2 Artikel')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Nach Kategorie filtern' })).toHaveTextContent('Alle');
  });

  it('marks a card of a post shown in the default language with its language, as the server writes it', async () => {
    mockApi({
      'GET /api/blog/public/posts': () =>
        json(
          200,
          postList([
            makePost({ slug: 'hallo', title: 'Hallo', language: 'de' }),
            makePost({ slug: 'hello', title: 'Hello', language: 'en' }),
          ]),
        ),
      'GET /api/blog/categories': () => json(200, []),
    });
    renderRoute('/de/blog', { tag: 'de', basename: '/de' });

    const [german, english] = await screen.findAllByTestId('blog-card');
    expect(german).not.toHaveAttribute('lang');
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).not.toHaveAttribute('dir');
  });

  it('says a post read in the default language is not in German yet, as the server writes it', async () => {
    mockApi({
      'GET /api/blog/public/posts/slug/hello': () =>
        json(200, makePost({ slug: 'hello', title: 'Hello', language: 'en' })),
    });
    renderRoute('/de/blog/hello', { tag: 'de', basename: '/de' });

    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent(
      'Dieser Beitrag ist noch nicht auf Deutsch verfügbar; er wird in der Originalsprache angezeigt.',
    );
    expect(notice).toHaveAttribute('lang', 'de');
    expect(notice).toHaveAttribute('data-fallback-notice', '');
    expect(notice.className).toBe('mt-10 rounded-xl bg-blue-50 p-3 text-sm text-blue-800');
    expect(notice.closest('article')).toHaveAttribute('lang', 'en');
    expect(notice.nextElementSibling).toHaveClass('markdown-body');
    expect(screen.getByRole('link', { name: '← Zurück zu allen Artikeln' })).toHaveAttribute(
      'href',
      '/de/blog',
    );
  });

  it('shows no notice for a post in German, nor on the default language’s page', async () => {
    mockApi({
      'GET /api/blog/public/posts/slug/hallo': () =>
        json(200, makePost({ slug: 'hallo', title: 'Hallo', language: 'de' })),
      'GET /api/blog/public/posts/slug/hello': () =>
        json(200, makePost({ slug: 'hello', title: 'Hello', language: 'en' })),
    });
    const german = renderRoute('/de/blog/hallo', { tag: 'de', basename: '/de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('article')).not.toHaveAttribute('lang');
    german.unmount();

    renderRoute('/blog/hello');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('article')).not.toHaveAttribute('lang');
  });
});
