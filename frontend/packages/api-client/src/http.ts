/**
 * The one HTTP wrapper every generated call goes through (orval `mutator`).
 *
 * - every path is prefixed with the API base `/api`;
 * - a request is aborted after 10 000 ms;
 * - any non-2xx answer, a time-out or a network failure is thrown as an `ApiError`;
 * - and, as each app configures it (`configureHttp`): the app's token is sent as
 *   `Authorization: Bearer <token>`, the app hears of a 401 answer, and a GET the app already has
 *   an answer on its way for takes that answer instead of asking again, and a read that takes the
 *   page's language (`lang`) asks for it.
 */

import { withLang } from './lang';

export const API_BASE_URL = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;

/** What an app tells the wrapper. Every part is optional: without any, calls go out bare. */
export interface HttpConfig {
  /** The bearer token to send with each call, if any (the back office's stored session). */
  token?: () => string | null;
  /** Called when the server answers 401 (the back office forgets its stored session). */
  onUnauthorized?: () => void;
  /**
   * An answer already on its way for a GET of `path` (the public site's pre-rendered page sends
   * its requests before the scripts arrive), handed over at most once.
   */
  earlyAnswer?: (path: string) => Promise<Response> | undefined;
  /**
   * The page's language tag (the public site's pages other than the default language's): sent as
   * `lang` on every read the API takes it on (`./lang.ts`), never on others.
   */
  lang?: string;
}

let config: HttpConfig = {};

/** Sets the app's part of every call; each app calls it once, before its first call. */
export const configureHttp = (next: HttpConfig): void => {
  config = next;
};

/** The app's part of every call, for the calls made outside `customFetch` (uploads). */
export const httpConfig = (): Readonly<HttpConfig> => config;

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export interface ApiErrorOptions {
  kind?: ApiErrorKind;
  errors?: Record<string, string> | undefined;
  body?: unknown;
  cause?: unknown;
}

/** A failed API call: `status` is the HTTP status, or 0 when no answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Field validation messages (`errors` in the JSON error body), when the server sent them. */
  readonly errors: Record<string, string> | undefined;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor(status: number, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.kind = options.kind ?? 'http';
    this.errors = options.errors;
    this.body = options.body;
  }
}

/**
 * The `message` the server sent with its error answer, else `fallback`: what a page shows when a
 * call fails.
 */
export const serverMessageOr = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
};

/** orval types every hook's error with this. */
export type ErrorType<_Error> = ApiError;
/** orval types every request body with this. */
export type BodyType<Body> = Body;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const messageFrom = (body: unknown, status: number): string => {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    return body.message;
  }
  return `Request failed with status ${status}`;
};

const fieldErrorsFrom = (body: unknown): Record<string, string> | undefined => {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors)) {
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

/** `promise`, unless `signal` aborts first. */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });

/** Aborts on time-out or when the caller's own signal (e.g. React Query's) aborts. */
const linkSignals = (outer: AbortSignal | null | undefined, timeoutMs: number) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
};

/**
 * Sends `init` to `${API_BASE_URL}${path}` and resolves with the parsed JSON body
 * (undefined for an empty answer). Rejects with an `ApiError` on any failure, or with the
 * caller's abort reason when the caller cancelled the request. A call that may take long (an
 * import) gives its own `timeoutMs`.
 */
export const customFetch = async <T>(
  requested: string,
  { timeoutMs = REQUEST_TIMEOUT_MS, ...init }: RequestInit & { timeoutMs?: number } = {},
): Promise<T> => {
  const isGet = (init.method ?? 'GET').toUpperCase() === 'GET';
  const path = isGet ? withLang(requested, config.lang) : requested;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = config.token?.();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  const link = linkSignals(init.signal, timeoutMs);
  try {
    let response: Response;
    let body: unknown;
    try {
      const early = isGet ? config.earlyAnswer?.(path) : undefined;
      response = early
        ? await untilAborted(early, link.signal)
        : await fetch(`${API_BASE_URL}${path}`, { ...init, headers, signal: link.signal });
      body = await readBody(response);
    } catch (cause) {
      if (link.timedOut()) {
        throw new ApiError(0, 'The server took too long to answer. Please try again.', {
          kind: 'timeout',
          cause,
        });
      }
      if (init.signal?.aborted) throw cause;
      throw new ApiError(0, 'Could not reach the server. Please check your connection.', {
        kind: 'network',
        cause,
      });
    }

    if (response.status === 401) config.onUnauthorized?.();
    if (!response.ok) {
      throw new ApiError(response.status, messageFrom(body, response.status), {
        errors: fieldErrorsFrom(body),
        body,
      });
    }
    return body as T;
  } finally {
    link.dispose();
  }
};
