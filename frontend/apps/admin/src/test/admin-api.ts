import { json, type MockHandler, mockApi } from '@atelier/api-client/test/mock-api';
import type { SessionUser } from '@/lib/session/session-user';
import { ADMIN, storeSession } from './fixtures';

/**
 * The server's markdown preview as tests answer it: the browser renderer of `@atelier/ui` stands in
 * for the server's (the server's own output is checked by its corpus test).
 */
export const markdownPreviewApi = {
  'POST /api/markdown/preview': async (request: Request) => {
    const body = (await request.clone().json()) as { markdown?: string; inline?: boolean };
    const { renderInlineMarkdown, renderMarkdown } = await import('@atelier/ui/render-markdown');
    const render = body.inline ? renderInlineMarkdown : renderMarkdown;
    return json(200, { html: render(body.markdown ?? '') });
  },
} satisfies Record<string, MockHandler>;

/**
 * A signed-in account (the Owner unless `user` says otherwise) and the API answering `handlers` (the
 * session check and the markdown preview included).
 */
export const signedInApi = (
  handlers: Record<string, MockHandler> = {},
  user: SessionUser = ADMIN,
) => {
  storeSession(user);
  return mockApi({
    'GET /api/auth/verify': () => json(200, { user }),
    ...markdownPreviewApi,
    ...handlers,
  });
};

/** The parsed JSON body of a request the mock saw. */
export const bodyOf = async (request: Request | undefined): Promise<Record<string, unknown>> => {
  if (!request) throw new Error('the request was not sent');
  return (await request.clone().json()) as Record<string, unknown>;
};

/** The requests seen for `METHOD /path` (query string ignored). */
export const callsTo = (requests: readonly Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
