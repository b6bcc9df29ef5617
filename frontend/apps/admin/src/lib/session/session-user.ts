import type { login, verifySession } from '@atelier/api-client/api';

/** The signed-in account, as `POST /auth/login` and `GET /auth/verify` return it. */
export type SessionUser = Awaited<ReturnType<typeof verifySession>>['user'];

/** What `POST /auth/login` answers. */
export type SignInAnswer = Awaited<ReturnType<typeof login>>;

export const ADMIN_ROLE = 'admin';

export const isAdmin = (user: SessionUser | null | undefined): boolean => user?.role === ADMIN_ROLE;
