import { configureHttp } from '@atelier/api-client/http';

/**
 * The global where a pre-rendered page keeps the GET requests it sent before its scripts arrived:
 * a `Map` from API path (without `/api`) to the pending `fetch`. Each is taken at most once.
 */
export const EARLY_REQUESTS_KEY = '__atelierEarlyRequests';

/** The early answer for a GET of `path`, if the page sent one and it was not taken yet. */
export const takeEarlyRequest = (path: string): Promise<Response> | undefined => {
  const early: unknown = Reflect.get(globalThis, EARLY_REQUESTS_KEY);
  if (!(early instanceof Map)) return undefined;
  const response: unknown = early.get(path);
  early.delete(path);
  return response instanceof Promise ? response : undefined;
};

/**
 * Lets every call of the public site take the answer its pre-rendered page already asked for, and
 * the reads that take a language ask in `lang`, the page's (none on the default language's pages).
 */
export const configureEarlyRequests = (lang?: string) =>
  configureHttp({ earlyAnswer: takeEarlyRequest, ...(lang ? { lang } : {}) });
