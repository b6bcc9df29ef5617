import { logout, verifySession } from '@atelier/api-client/api';
import { ApiError, serverMessageOr } from '@atelier/api-client/http';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SessionContext, type SessionContextValue, type SignInOutcome } from './session-context';
import { NO_TOKEN_MESSAGE, VERIFY_FAILED_MESSAGE } from './session-messages';
import {
  clearStoredSession,
  readStoredSession,
  storeAdminSession,
  storeUser,
  TOKEN_STORAGE_KEY,
} from './session-storage';
import { isTeamAccount, type SessionUser, type SignInAnswer } from './session-user';

type SessionState =
  | { status: 'restoring'; user: SessionUser | null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; reason: string | null };

/** Start-up: a stored token is verified; without one the verify step fails with no network call. */
const restoredState = (): SessionState => {
  const stored = readStoredSession();
  return stored
    ? { status: 'restoring', user: stored.user }
    : { status: 'signed-out', reason: NO_TOKEN_MESSAGE };
};

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** A refusal reads the account again (its role may have changed) at most this often. */
const PERMISSIONS_REFRESH_MS = 10_000;

/**
 * Whether the server itself answered the verification with an error. A request that never got an
 * answer (offline, timed out, or cut off because the page is being left) says nothing about the
 * token, so the stored session is kept for the next start.
 */
const serverRefused = (error: unknown) => error instanceof ApiError && error.kind === 'http';

/**
 * Owns the back-office session (back-office.md §4): restores and verifies the stored one at
 * start-up (a verification the server refuses clears it; one that never reached the server keeps
 * it), signs in and out, and ends it whenever a call answers 401 (the HTTP wrapper has then
 * already removed the stored keys) or another tab removes the token.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(restoredState);
  const restoring = state.status === 'restoring';

  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    const controller = new AbortController();
    verifySession({ signal: controller.signal }).then(
      ({ user }) => {
        if (cancelled) return;
        storeUser(user);
        setState({ status: 'signed-in', user });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (serverRefused(error)) clearStoredSession();
        setState({ status: 'signed-out', reason: serverMessageOr(error, VERIFY_FAILED_MESSAGE) });
      },
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [restoring]);

  // A 403 may mean the account's role changed since it signed in (an administrator changed it):
  // the account is read again so the screens follow its new permissions.
  const lastRefresh = useRef(0);
  const refreshAfterRefusal = useCallback(() => {
    const now = Date.now();
    if (now - lastRefresh.current < PERMISSIONS_REFRESH_MS) return;
    lastRefresh.current = now;
    verifySession().then(
      ({ user }) => {
        storeUser(user);
        setState((current) =>
          current.status === 'signed-in' ? { status: 'signed-in', user } : current,
        );
      },
      () => {
        // A failed check ends the session through its own 401, or says nothing.
      },
    );
  }, []);

  useEffect(() => {
    const end = (error: unknown) => {
      if (isUnauthorized(error)) setState({ status: 'signed-out', reason: VERIFY_FAILED_MESSAGE });
      else if (isForbidden(error)) refreshAfterRefusal();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === TOKEN_STORAGE_KEY && event.newValue === null)) {
        setState({ status: 'signed-out', reason: null });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, refreshAfterRefusal]);

  const signIn = useCallback((answer: SignInAnswer): SignInOutcome => {
    if (!isTeamAccount(answer.user)) {
      clearStoredSession();
      setState({ status: 'signed-out', reason: null });
      return 'access-denied';
    }
    storeAdminSession(answer.token, answer.user);
    setState({ status: 'signed-in', user: answer.user });
    return 'signed-in';
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session ends here whatever the server answered.
    } finally {
      clearStoredSession();
      queryClient.clear();
      setState({ status: 'signed-out', reason: null });
    }
  }, [queryClient]);

  const updateUser = useCallback((user: SessionUser) => {
    storeUser(user);
    setState((current) =>
      current.status === 'signed-in' ? { status: 'signed-in', user } : current,
    );
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const user = state.status === 'signed-out' ? null : state.user;
    const isAuthenticated = state.status === 'signed-in';
    return {
      status: state.status,
      user,
      isAuthenticated,
      isTeamAccount: isAuthenticated && isTeamAccount(user),
      endReason: state.status === 'signed-out' ? state.reason : null,
      signIn,
      signOut,
      updateUser,
    };
  }, [state, signIn, signOut, updateUser]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
