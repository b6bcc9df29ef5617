import type { Role } from '@atelier/api-client/api';
import type { SessionUser } from '@/lib/session/session-user';
import document from '../../../../../openapi/openapi.json';

type Operation = {
  operationId?: string;
  security?: unknown;
  'x-atelier-roles'?: string[];
  'x-atelier-own-roles'?: string[];
};

/**
 * The operations a role may call, read from the API document as the server states them (public
 * operations, and protected ones whose `x-atelier-roles` name the role): what the server sends as
 * the account's `permissions`, so tests follow the server's one permission table.
 */
export const permissionsOf = (role: Role): string[] =>
  Object.values(document.paths as Record<string, Record<string, Operation>>)
    .flatMap((item) => Object.values(item))
    .filter((operation) => !operation.security || operation['x-atelier-roles']?.includes(role))
    .flatMap((operation) => (operation.operationId ? [operation.operationId] : []))
    .sort();

/**
 * The operations a role may call on its own records only (`x-atelier-own-roles`): what the server
 * sends as the account's `ownPermissions`.
 */
export const ownPermissionsOf = (role: Role): string[] =>
  Object.values(document.paths as Record<string, Record<string, Operation>>)
    .flatMap((item) => Object.values(item))
    .filter((operation) => operation['x-atelier-own-roles']?.includes(role))
    .flatMap((operation) => (operation.operationId ? [operation.operationId] : []))
    .sort();

/** An account of `role`, signed in as the server answers it. */
export const accountOf = (role: Role, fields: Partial<SessionUser> = {}): SessionUser => ({
  ...ADMIN,
  role,
  permissions: permissionsOf(role),
  ownPermissions: ownPermissionsOf(role),
  ...fields,
});

export const ADMIN: SessionUser = {
  _id: '65a1b2c3d4e5f60718293a4b',
  email: 'ada@atelier.test',
  name: 'Ada Lovelace',
  role: 'owner',
  permissions: permissionsOf('owner'),
  ownPermissions: [],
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
};

/** An account stored before roles: it has no role the back office knows. */
export const MEMBER: SessionUser = {
  ...ADMIN,
  _id: '65a1b2c3d4e5f60718293a4c',
  email: 'max@atelier.test',
  name: 'Max Member',
  role: 'member' as Role,
  permissions: [],
};

export const TOKEN = 'header.payload.signature';

/** Puts a signed-in administrator's session in local storage, as a past sign-in left it. */
export const storeSession = (user: SessionUser = ADMIN, token = TOKEN) => {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('adminAuthenticated', 'true');
};
