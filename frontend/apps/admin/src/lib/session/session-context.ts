import { createContext } from 'react';
import type { SessionUser, SignInAnswer } from './session-user';

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export type SignInOutcome = 'signed-in' | 'access-denied';

export interface SessionContextValue {
  /** `restoring` while a stored token is being verified at start-up. */
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed in with a verified token and a known user. */
  isAuthenticated: boolean;
  /** Signed in with an account of one of the back office's roles. */
  isTeamAccount: boolean;
  /** Why the session ended or could not be restored ("No token found", …), if it did. */
  endReason: string | null;
  /** Keeps a team account's session; an account without a known role is refused and nothing is kept. */
  signIn: (answer: SignInAnswer) => SignInOutcome;
  /** Revokes the token on the server when it can; always ends signed out. */
  signOut: () => Promise<void>;
  /** Keeps the signed-in user's changed profile (name, email) for this and later visits. */
  updateUser: (user: SessionUser) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
