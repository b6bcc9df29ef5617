import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getGetContactDetailsUrl,
  getGetPublishedBlogPostBySlugQueryKey,
  getGetPublishedBlogPostBySlugUrl,
  getListPublishedBlogPostsQueryKey,
  getListPublishedBlogPostsUrl,
  getListServicesUrl,
  getListTechnologiesQueryKey,
  getListTechnologiesUrl,
} from './generated/api';
import { LANG_OPERATIONS } from './generated/lang-operations';
import { configureHttp, customFetch } from './http';
import { keyWithLang, langKeyHash, takesLang, withLang } from './lang';
import { createQueryClient } from './query-client';

describe('the reads that take lang', () => {
  it('are the ones the API document declares it on: the public reads of translated records', () => {
    expect([...LANG_OPERATIONS]).toEqual(
      expect.arrayContaining([
        '/blog/public/posts',
        '/blog/public/posts/featured',
        '/blog/public/posts/slug/{slug}',
        '/portfolio/slug/{slug}',
        '/services',
        '/settings',
        '/home-page',
        '/contact-details',
      ]),
    );
    expect(LANG_OPERATIONS).not.toContain('/technologies');
    expect(takesLang(getGetPublishedBlogPostBySlugUrl('hallo-welt'))).toBe(true);
    expect(takesLang(getListPublishedBlogPostsUrl({ page: 2, limit: 12 }))).toBe(true);
    expect(takesLang('/blog/public/posts/featured?limit=3')).toBe(true);
    expect(takesLang(getListServicesUrl({ status: 'active' }))).toBe(true);
    expect(takesLang(getGetContactDetailsUrl())).toBe(true);
    expect(takesLang('/technologies?limit=5')).toBe(false);
    expect(takesLang('/site/head?path=/de')).toBe(false);
    expect(takesLang('/blog/public/posts/slug/a/b')).toBe(false);
    expect(takesLang('/blog/public/posts/slug/')).toBe(false);
    expect(takesLang('/blog/public/postsX')).toBe(false);
  });

  it('follow a template declared later without any other change', () => {
    const templates = [...LANG_OPERATIONS, '/technologies'];
    expect(withLang('/technologies', 'de')).toBe('/technologies');
    expect(withLang('/technologies', 'de', templates)).toBe('/technologies?lang=de');
    expect(keyWithLang(['/technologies'], 'de', templates)).toEqual([
      '/technologies',
      { lang: 'de' },
    ]);
  });
});

describe('withLang', () => {
  it('adds the language to a read that takes it, after its own parameters', () => {
    expect(withLang('/blog/public/posts/slug/hallo', 'de')).toBe(
      '/blog/public/posts/slug/hallo?lang=de',
    );
    expect(withLang('/blog/public/posts?page=1&limit=12', 'pt-BR')).toBe(
      '/blog/public/posts?page=1&limit=12&lang=pt-BR',
    );
  });

  it('leaves other reads, the default language and a named language alone', () => {
    expect(withLang('/technologies', 'de')).toBe('/technologies');
    expect(withLang('/blog/public/posts?page=1', undefined)).toBe('/blog/public/posts?page=1');
    expect(withLang('/blog/public/posts?lang=fr', 'de')).toBe('/blog/public/posts?lang=fr');
  });
});

describe('keyWithLang', () => {
  it('puts the language among the key parameters of a read that takes it', () => {
    expect(keyWithLang(getGetPublishedBlogPostBySlugQueryKey('hallo'), 'de')).toEqual([
      '/blog/public/posts/slug/hallo',
      { lang: 'de' },
    ]);
    expect(keyWithLang(getListPublishedBlogPostsQueryKey({ page: 1, limit: 6 }), 'de')).toEqual([
      '/blog/public/posts',
      { page: 1, limit: 6, lang: 'de' },
    ]);
  });

  it('leaves the keys of other reads and of the default language as they are', () => {
    const technologies = getListTechnologiesQueryKey();
    expect(keyWithLang(technologies, 'de')).toBe(technologies);
    const post = getGetPublishedBlogPostBySlugQueryKey('hello');
    expect(keyWithLang(post, undefined)).toBe(post);
    expect(keyWithLang(['/blog/public/posts', { lang: 'fr' }], 'de')).toEqual([
      '/blog/public/posts',
      { lang: 'fr' },
    ]);
  });

  it('hashes a page read and the answer the server embedded with the language as one key', () => {
    const hash = langKeyHash('de');
    expect(hash(['/blog/public/posts/slug/hallo'])).toBe(
      hashKey(['/blog/public/posts/slug/hallo', { lang: 'de' }]),
    );
    expect(hash(['/blog/public/posts', { limit: 6, page: 1 }])).toBe(
      hash(['/blog/public/posts', { lang: 'de', page: 1, limit: 6 }]),
    );
    expect(hash(['/blog/public/posts/slug/hallo'])).not.toBe(
      langKeyHash('fr')(['/blog/public/posts/slug/hallo']),
    );
  });
});

describe('a page in a language', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    configureHttp({});
    vi.unstubAllGlobals();
  });

  it('sends lang on the reads that take it, and on nothing else', async () => {
    configureHttp({ lang: 'de' });
    await customFetch(getGetPublishedBlogPostBySlugUrl('hallo'), { method: 'GET' });
    await customFetch(getListServicesUrl({ status: 'active' }), { method: 'GET' });
    await customFetch(getGetContactDetailsUrl(), { method: 'GET' });
    await customFetch(getListTechnologiesUrl(), { method: 'GET' });
    await customFetch('/blog/public/posts', { method: 'POST', body: '{}' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/blog/public/posts/slug/hallo?lang=de',
      '/api/services?status=active&lang=de',
      '/api/contact-details?lang=de',
      '/api/technologies',
      '/api/blog/public/posts',
    ]);
  });

  it('takes the early answer the page asked for with its language', async () => {
    const early = Promise.resolve(
      new Response('{"title":"Hallo"}', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const asked: string[] = [];
    configureHttp({
      lang: 'de',
      earlyAnswer: (path) => {
        asked.push(path);
        return path === '/blog/public/posts/slug/hallo?lang=de' ? early : undefined;
      },
    });
    await expect(customFetch('/blog/public/posts/slug/hallo', { method: 'GET' })).resolves.toEqual({
      title: 'Hallo',
    });
    expect(asked).toEqual(['/blog/public/posts/slug/hallo?lang=de']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the answer the server embedded under the key with the language', () => {
    const client = createQueryClient({ staleTime: 60_000, lang: 'de' });
    client.setQueryData(['/blog/public/posts/slug/hallo', { lang: 'de' }], { title: 'Hallo' });
    expect(client.getQueryData(getGetPublishedBlogPostBySlugQueryKey('hallo'))).toEqual({
      title: 'Hallo',
    });
    const english = createQueryClient({ staleTime: 60_000 });
    english.setQueryData(['/blog/public/posts/slug/hallo', { lang: 'de' }], { title: 'Hallo' });
    expect(english.getQueryData(getGetPublishedBlogPostBySlugQueryKey('hallo'))).toBeUndefined();
  });
});
