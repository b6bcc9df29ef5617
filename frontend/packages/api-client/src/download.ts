/**
 * File downloads: an answer read as bytes (a `Blob`), with no time-out, for the files the generated
 * calls would read as text within 10 s (the whole site's archive). Same rules as `customFetch`: the
 * `/api` prefix, the app's bearer token, a 401 is told to the app, and any failure is thrown as an
 * `ApiError` with the server's message. The caller may abort with `signal`.
 */
import { API_BASE_URL, ApiError, httpConfig } from './http';

export interface DownloadedFile {
  /** The name the server gave the file (`Content-Disposition`), else `fallbackName`. */
  name: string;
  blob: Blob;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export const attachmentName = (disposition: string | null): string | undefined => {
  const match = disposition?.match(/filename="([^"/\\]+)"/);
  return match?.[1];
};

/** GETs `${API_BASE_URL}${path}` and resolves with its body as a file. */
export const downloadFile = async (
  path: string,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<DownloadedFile> => {
  const headers = new Headers();
  const token = httpConfig().token?.();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}`, { headers, signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'Could not reach the server. Please check your connection.', {
      kind: 'network',
      cause,
    });
  }
  if (response.status === 401) httpConfig().onUnauthorized?.();
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text itself.
    }
    const message =
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, message, { body });
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'The download was cut off. Please try again.', {
      kind: 'network',
      cause,
    });
  }
  return {
    name: attachmentName(response.headers.get('content-disposition')) ?? fallbackName,
    blob,
  };
};
