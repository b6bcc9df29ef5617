import { ApiError, customFetch, REQUEST_TIMEOUT_MS } from '@atelier/api-client/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureEarlyRequests, EARLY_REQUESTS_KEY } from './early-requests';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('customFetch with requests a pre-rendered page sent early', () => {
  const early = new Map<string, Promise<Response>>();
  beforeEach(() => {
    early.clear();
    vi.stubGlobal(EARLY_REQUESTS_KEY, early);
    configureEarlyRequests();
  });

  it('takes the early answer for the same GET path once, then asks the server again', async () => {
    early.set('/portfolio/slug/fintrack', Promise.resolve(jsonResponse(200, { title: 'Early' })));
    fetchMock.mockResolvedValue(jsonResponse(200, { title: 'Fetched' }));

    await expect(customFetch('/portfolio/slug/fintrack', { method: 'GET' })).resolves.toEqual({
      title: 'Early',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(customFetch('/portfolio/slug/fintrack', { method: 'GET' })).resolves.toEqual({
      title: 'Fetched',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats an early error answer like any other', async () => {
    early.set(
      '/blog/public/posts/slug/gone',
      Promise.resolve(jsonResponse(404, { message: 'Gone' })),
    );

    const error = (await customFetch('/blog/public/posts/slug/gone').catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([404, 'Gone']);
  });

  it('never answers another path or a request that is not a GET from it', async () => {
    early.set('/contacts', Promise.resolve(jsonResponse(200, { early: true })));
    fetchMock.mockImplementation(async () => jsonResponse(201, { early: false }));

    await expect(customFetch('/contacts', { method: 'POST', body: '{}' })).resolves.toEqual({
      early: false,
    });
    await expect(customFetch('/contacts/1')).resolves.toEqual({ early: false });
    expect(early.has('/contacts')).toBe(true);
  });

  it('still gives up on an early request after 10 seconds', async () => {
    vi.useFakeTimers();
    early.set('/services', new Promise<Response>(() => {}));

    const pending = customFetch('/services').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = (await pending) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('timeout');
  });
});
