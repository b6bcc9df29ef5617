import { takesLang } from '@atelier/api-client/lang';
import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureEarlyRequests } from '@/lib/early-requests';
import { makePost, makeSettings, postList } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';

describe('a page in another language than the default', () => {
  inGerman();
  afterEach(() => {
    configureEarlyRequests();
  });

  it('asks in its language on the reads that take one, and on no other', async () => {
    const { requests } = mockApi({
      'GET /api/settings': () => json(200, makeSettings()),
      'GET /api/blog/public/posts': () => json(200, postList([makePost({ title: 'Hallo' })])),
      'GET /api/blog/categories': () => json(200, []),
    });
    // As main.tsx does on a `/de/…` page.
    configureEarlyRequests('de');
    renderRoute('/de/blog', { tag: 'de', basename: '/de' });

    expect(await screen.findByRole('heading', { name: 'Hallo' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.includes('/categories'))).toBe(true));
    const asked = requests.map((request) => {
      const url = new URL(request.url);
      return [url.pathname, url.searchParams.get('lang')];
    });
    expect(asked).toContainEqual(['/api/blog/public/posts', 'de']);
    for (const [path, lang] of asked) {
      expect(lang, path ?? '').toBe(takesLang((path ?? '').slice('/api'.length)) ? 'de' : null);
    }
  });

  it('asks as before on the default language’s pages', async () => {
    const { requests } = mockApi({
      'GET /api/blog/public/posts': () => json(200, postList([makePost({ title: 'Hello' })])),
      'GET /api/blog/categories': () => json(200, []),
    });
    configureEarlyRequests();
    renderRoute('/blog');

    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(requests.every((request) => !request.url.includes('lang='))).toBe(true);
  });
});
