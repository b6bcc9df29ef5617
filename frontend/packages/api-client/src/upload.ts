/**
 * File uploads with progress: the one call `fetch` cannot make (it reports no upload progress).
 * Same rules as `customFetch`: the `/api` prefix, the app's bearer token, a 401 is told to the
 * app, and any failure is thrown as an `ApiError` with the server's message. No 10 s time-out
 * (a large file on a slow link takes longer); the caller may abort with `signal`.
 */
import { API_BASE_URL, ApiError, httpConfig } from './http';

export interface UploadOptions {
  /** Called with the fraction of the body sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const parse = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** POSTs `form` (multipart/form-data) to `${API_BASE_URL}${path}` and resolves with the JSON answer. */
export const uploadForm = <T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_URL}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = httpConfig().token?.();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status === 401) httpConfig().onUnauthorized?.();
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      const message =
        isRecord(body) && typeof body.message === 'string' && body.message.trim() !== ''
          ? body.message
          : request.status === 413
            ? 'The file is too large'
            : `Request failed with status ${request.status}`;
      const errors =
        isRecord(body) && isRecord(body.errors)
          ? (body.errors as Record<string, string>)
          : undefined;
      reject(new ApiError(request.status, message, { errors, body }));
    });
    request.addEventListener('error', () =>
      reject(
        new ApiError(0, 'Could not reach the server. Please check your connection.', {
          kind: 'network',
        }),
      ),
    );
    request.addEventListener('abort', () =>
      reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError')),
    );
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
