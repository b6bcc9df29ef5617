import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

const headOf = (path: string) => ({
  status: 200,
  title: `Head of ${path}`,
  elements: [{ tag: 'meta', attributes: { name: 'description', content: `About ${path}` } }],
  structuredData: '{}',
});

describe('The document head', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('keeps the server’s head of the first page and takes the next page’s after navigating', async () => {
    document.title = 'From the server';
    const { requests } = mockApi({
      'GET /api/site/head': (request) =>
        json(200, headOf(new URL(request.url).searchParams.get('path') ?? '')),
    });
    const { router } = renderRoute('/faq');
    const headRequests = () => requests.filter((request) => request.url.includes('/api/site/head'));

    await act(async () => {
      await Promise.resolve();
    });
    expect(headRequests()).toHaveLength(0);
    expect(document.title).toBe('From the server');

    await act(async () => {
      await router.navigate('/contact');
    });
    await waitFor(() => expect(document.title).toBe('Head of /contact'));
    expect(document.head.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      'About /contact',
    );

    await act(async () => {
      await router.navigate('/faq');
    });
    await waitFor(() => expect(document.title).toBe('Head of /faq'));
    expect(headRequests().map((request) => new URL(request.url).searchParams.get('path'))).toEqual([
      '/contact',
      '/faq',
    ]);
  });
});
