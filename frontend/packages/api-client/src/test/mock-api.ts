import { vi } from 'vitest';

export type MockHandler = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A response that never arrives, to observe loading states. */
export const never: MockHandler = () => new Promise<Response>(() => {});

/**
 * Replaces `fetch` with handlers keyed by 'METHOD /path' (query string ignored).
 * Unknown calls answer a JSON 404, as the server does. Returns the requests seen.
 */
export const mockApi = (handlers: Record<string, MockHandler>) => {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The signal stays out: jsdom's AbortSignal is not the one Node's Request accepts.
    const request = new Request(new URL(String(input), 'http://localhost'), {
      method: init?.method ?? 'GET',
      headers: init?.headers ?? {},
      body: init?.body ?? null,
    });
    requests.push(request);
    const { pathname } = new URL(request.url);
    const handler = handlers[`${request.method} ${pathname}`];
    return handler ? handler(request) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
};
