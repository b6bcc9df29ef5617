import { ApiError, customFetch } from '@atelier/api-client/http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
// Importing the session's storage configures the HTTP wrapper, as the back office does.
import './session-storage';

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
});

describe("the back office's calls", () => {
  it('sends the stored token as a bearer Authorization header', async () => {
    localStorage.setItem('token', 'secret-token');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await customFetch('/settings');

    expect(lastRequest().headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('clears the stored session on a 401 answer and throws', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('user', '{"email":"a@b.c"}');
    localStorage.setItem('adminAuthenticated', 'true');
    localStorage.setItem('unrelated', 'kept');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Token expired' }));

    const error = await customFetch('/settings').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('adminAuthenticated')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('keeps the stored session on errors other than 401', async () => {
    localStorage.setItem('token', 'valid');
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'Forbidden' }));

    await expect(customFetch('/settings')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBe('valid');
  });
});
