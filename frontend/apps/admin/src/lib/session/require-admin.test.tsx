import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, storeSession } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

describe('Administrator guard', () => {
  it.each([
    '/admin/',
    '/admin/dashboard',
    '/admin/blog/edit/65a1b2c3d4e5f60718293a4b',
    '/admin/settings',
  ])('sends a signed-out visitor from %s to the sign-in page', async (path) => {
    mockApi({});
    const { router } = renderAdmin(path);

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a signed-in account that is not an administrator to the sign-in page', async () => {
    storeSession(MEMBER);
    mockApi({ 'GET /api/auth/verify': () => json(200, { user: MEMBER }) });
    const { router } = renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('ends the session when the server says the stored user has no back-office role', async () => {
    storeSession(ADMIN);
    mockApi({ 'GET /api/auth/verify': () => json(200, { user: { ...ADMIN, role: 'member' } }) });
    const { router } = renderAdmin('/admin/settings');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
