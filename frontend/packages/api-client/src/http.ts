/**
 * The one HTTP wrapper every generated call goes through (orval `mutator`).
 *
 * - every path is prefixed with the API base `/api`;
 * - a request is aborted after 10 000 ms;
 * - a stored session token is sent as `Authorization: Bearer <token>`;
 * - a 401 answer removes the stored session (`token`, `user`, `adminAuthenticated`);
 * - any non-2xx answer, a time-out or a network failure is thrown as an `ApiError`;
 * - a GET a pre-rendered page already sent before the scripts arrived (`EARLY_REQUESTS_KEY`)
 *   takes that answer instead of asking again.
 */

export const API_BASE_URL = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOKEN_STORAGE_KEY = 'token';
export const SESSION_STORAGE_KEYS = ['token', 'user', 'adminAuthenticated'] as const;

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

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The stored session token, if any. */
export const getStoredToken = (): string | null => storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;

/** Forgets the stored session, as after a 401 answer. */
export const clearStoredSession = (): void => {
  const store = storage();
  for (const key of SESSION_STORAGE_KEYS) store?.removeItem(key);
};

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

/**
 * The global where a pre-rendered page keeps the GET requests it sent before its scripts arrived:
 * a `Map` from API path (without `/api`) to the pending `fetch`. Each is taken at most once.
 */
export const EARLY_REQUESTS_KEY = '__atelierEarlyRequests';

const takeEarlyRequest = (path: string, init: RequestInit): Promise<Response> | undefined => {
  if ((init.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const early: unknown = Reflect.get(globalThis, EARLY_REQUESTS_KEY);
  if (!(early instanceof Map)) return undefined;
  const response: unknown = early.get(path);
  early.delete(path);
  return response instanceof Promise ? response : undefined;
};

/** `promise`, unless `signal` aborts first. */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });

/** Aborts on time-out or when the caller's own signal (e.g. React Query's) aborts. */
const linkSignals = (outer: AbortSignal | null | undefined) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
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
 * caller's abort reason when the caller cancelled the request.
 */
export const customFetch = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = getStoredToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  const link = linkSignals(init.signal);
  try {
    let response: Response;
    let body: unknown;
    try {
      const early = takeEarlyRequest(path, init);
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

    if (response.status === 401) clearStoredSession();
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
