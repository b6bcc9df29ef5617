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
});
