import type { AuthSession, verifySession } from '@atelier/api-client/api';

/** The signed-in account, as `POST /auth/login` and `GET /auth/verify` return it. */
export type SessionUser = Awaited<ReturnType<typeof verifySession>>['user'];

/** A completed sign-in: what `POST /auth/login` answers without a second step, and what the code step answers. */
export type SignInAnswer = AuthSession;

export const ADMIN_ROLE = 'admin';

export const isAdmin = (user: SessionUser | null | undefined): boolean => user?.role === ADMIN_ROLE;
