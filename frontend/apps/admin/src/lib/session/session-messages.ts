import { ApiError } from '@atelier/api-client/http';

/** Texts of back-office.md §4 and §8. */
export const ACCESS_DENIED_MESSAGE = 'Access denied. Admin privileges required.';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const NO_TOKEN_MESSAGE = 'No token found';
export const VERIFY_FAILED_MESSAGE = 'Token verification failed';

/** The `message` the server sent with a failed call, else `fallback`. */
export const serverMessageOr = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
};
