import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureHttp, customFetch, REQUEST_TIMEOUT_MS } from './http';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();

const lastRequest = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  configureHttp({});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('customFetch', () => {
  it('prefixes the path with /api and resolves with the parsed JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ title: 'Web Development' }]));

    await expect(customFetch('/services?status=active', { method: 'GET' })).resolves.toEqual([
      { title: 'Web Development' },
    ]);
    expect(lastRequest().url).toBe('/api/services?status=active');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('resolves with undefined for a 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(customFetch('/services/abc', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await customFetch('/settings');

    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('keeps the headers the caller set', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, {}));

    await customFetch('/services', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"x"}',
    });

    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
    expect(lastRequest().init.body).toBe('{"title":"x"}');
  });

  it('throws an ApiError carrying the message and field errors of the JSON body', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, { message: 'Validation failed', errors: { title: 'Title is required' } }),
    );

    const error = (await customFetch('/services', { method: 'POST' }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Validation failed');
    expect(error.errors).toEqual({ title: 'Title is required' });
  });

  it('falls back to a generic message when the error body has no message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = (await customFetch('/services').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status 502');
    expect(error.errors).toBeUndefined();
  });

  it('aborts a request that takes longer than 10 seconds and throws a timeout error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );

    const pending = customFetch('/services').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(lastRequest().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;

    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
  });

  it('rethrows the abort when the caller cancels the request', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();

    const pending = customFetch('/services', { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    const error = await pending;

    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('throws a network ApiError when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = (await customFetch('/services').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('sends the token the app gives, and tells the app of a 401 answer', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ token: () => 'app-token', onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Token expired' }));

    await expect(customFetch('/settings')).rejects.toBeInstanceOf(ApiError);

    expect(lastRequest().headers.get('Authorization')).toBe('Bearer app-token');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('asks the app for an early answer for GETs only', async () => {
    const earlyAnswer = vi.fn(() => Promise.resolve(jsonResponse(200, { early: true })));
    configureHttp({ earlyAnswer });
    fetchMock.mockResolvedValue(jsonResponse(201, { early: false }));

    await expect(customFetch('/contacts', { method: 'POST', body: '{}' })).resolves.toEqual({
      early: false,
    });
    await expect(customFetch('/services')).resolves.toEqual({ early: true });
    expect(earlyAnswer).toHaveBeenCalledExactlyOnceWith('/services');
  });
});
