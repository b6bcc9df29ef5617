import { json, type MockHandler, mockApi } from '@atelier/api-client/test/mock-api';
import { ADMIN, storeSession } from './fixtures';

/** A signed-in administrator and the API answering `handlers` (the session check included). */
export const signedInApi = (handlers: Record<string, MockHandler> = {}) => {
  storeSession();
  return mockApi({ 'GET /api/auth/verify': () => json(200, { user: ADMIN }), ...handlers });
};

/** The parsed JSON body of a request the mock saw. */
export const bodyOf = async (request: Request | undefined): Promise<Record<string, unknown>> => {
  if (!request) throw new Error('the request was not sent');
  return (await request.clone().json()) as Record<string, unknown>;
};

/** The requests seen for `METHOD /path` (query string ignored). */
export const callsTo = (requests: readonly Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
