import { configureHttp } from '@atelier/api-client/http';
import type { SessionUser } from './session-user';

/** The local storage keys of back-office.md §6. */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';
export const ADMIN_FLAG_STORAGE_KEY = 'adminAuthenticated';
const SESSION_STORAGE_KEYS = [TOKEN_STORAGE_KEY, USER_STORAGE_KEY, ADMIN_FLAG_STORAGE_KEY];

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

// Every call of the back office carries the stored token, and a 401 answer forgets the session.
configureHttp({ token: getStoredToken, onUnauthorized: clearStoredSession });

export interface StoredSession {
  token: string;
  /** The user saved at sign-in; null when none was stored (verify supplies it). */
  user: SessionUser | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseUser = (raw: string): SessionUser | undefined => {
  try {
    const value: unknown = JSON.parse(raw);
    if (isRecord(value) && typeof value.role === 'string' && typeof value.name === 'string') {
      return value as unknown as SessionUser;
    }
  } catch {
    // Falls through: an unparseable user is no user.
  }
  return undefined;
};

/**
 * The session saved by an earlier sign-in. An unparseable stored user discards the stored
 * credentials (back-office.md §4), so the caller then finds no token.
 */
export const readStoredSession = (): StoredSession | null => {
  const rawUser = localStorage.getItem(USER_STORAGE_KEY);
  if (rawUser !== null) {
    const user = parseUser(rawUser);
    if (!user) {
      clearStoredSession();
      return null;
    }
    const token = getStoredToken();
    return token ? { token, user } : null;
  }
  const token = getStoredToken();
  return token ? { token, user: null } : null;
};

/** Saves an administrator's session: token, user (JSON) and the admin flag. */
export const storeAdminSession = (token: string, user: SessionUser): void => {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  localStorage.setItem(ADMIN_FLAG_STORAGE_KEY, 'true');
};

/** Keeps the stored user in step with what the server last said. */
export const storeUser = (user: SessionUser): void => {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
};
