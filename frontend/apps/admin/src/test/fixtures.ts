import type { SessionUser } from '@/lib/session/session-user';

export const ADMIN: SessionUser = {
  _id: '65a1b2c3d4e5f60718293a4b',
  email: 'ada@atelier.test',
  name: 'Ada Lovelace',
  role: 'admin',
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
};

export const MEMBER: SessionUser = {
  ...ADMIN,
  _id: '65a1b2c3d4e5f60718293a4c',
  email: 'max@atelier.test',
  name: 'Max Member',
  role: 'member',
};

export const TOKEN = 'header.payload.signature';

/** Puts a signed-in administrator's session in local storage, as a past sign-in left it. */
export const storeSession = (user: SessionUser = ADMIN, token = TOKEN) => {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('adminAuthenticated', 'true');
};
