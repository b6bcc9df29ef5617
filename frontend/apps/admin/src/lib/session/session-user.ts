import type { AuthSession, Role, verifySession } from '@atelier/api-client/api';

/** The signed-in account, as `POST /auth/login` and `GET /auth/verify` return it. */
export type SessionUser = Awaited<ReturnType<typeof verifySession>>['user'];

/** A completed sign-in: what `POST /auth/login` answers without a second step, and what the code step answers. */
export type SignInAnswer = AuthSession;

/** Every role of the back office, as the server names them, from the most they may do. */
export const ROLES: readonly Role[] = [
  'owner',
  'administrator',
  'editor',
  'author',
  'contributor',
  'sales',
];

/** How a role reads in the back office. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  sales: 'Sales',
};

/**
 * Whether the account may use the back office: every role may (what each one sees follows its
 * `permissions`); a session stored before roles (or any unknown role) is not let in.
 */
export const isTeamAccount = (user: SessionUser | null | undefined): boolean =>
  user !== null &&
  user !== undefined &&
  ROLES.includes(user.role) &&
  Array.isArray(user.permissions);
