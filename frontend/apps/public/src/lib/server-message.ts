import { ApiError } from '@atelier/api-client/http';

/** The message the server sent with its error answer, else `fallback`. */
export const serverMessageOr = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
};
