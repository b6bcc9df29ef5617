import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN, storeSession } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

describe('The generated first password', () => {
  it('must be changed before any screen shows', async () => {
    storeSession();
    const { requests } = mockApi({
      'GET /api/auth/verify': () => json(200, { user: { ...ADMIN, mustChangePassword: true } }),
      'PUT /api/auth/change-password': () =>
        json(200, { message: 'Password changed successfully' }),
    });
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();

    await user.type(screen.getByLabelText(/^Current Password/), 'generated-password-1');
    await user.type(screen.getByLabelText(/^New Password/), 'my-own-passphrase');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'my-own-passphrase');
    await user.click(screen.getByRole('button', { name: 'Change Password and Continue' }));

    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/auth/change-password')[0])).toEqual({
      currentPassword: 'generated-password-1',
      newPassword: 'my-own-passphrase',
    });
  });

  it('is not asked for otherwise', async () => {
    signedInApi();
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Choose Your Password' })).toBeNull();
  });
});

describe('Two-factor sign-in required by the site', () => {
  it('must be set up before any screen shows', async () => {
    storeSession();
    mockApi({
      'GET /api/auth/verify': () => json(200, { user: { ...ADMIN, mustEnrolTwoFactor: true } }),
      'POST /api/auth/two-factor/setup': () =>
        json(200, {
          otpauthUri: 'otpauth://totp/Atelier:ada%40atelier.test?secret=GEZDGNBV&issuer=Atelier',
          manualKey: 'GEZD GNBV',
        }),
      'POST /api/auth/two-factor/confirm': () =>
        json(200, { recoveryCodes: ['aaaa-bbbb-cccc-dddd'] }),
    });
    renderAdmin('/admin/dashboard');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Set Up Two-Factor Sign-In' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start Set-Up' }));
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and Turn On' }));
    expect(await screen.findByText('aaaa-bbbb-cccc-dddd')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I Have Saved These Codes' }));

    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').mustEnrolTwoFactor).toBe(false);
  });
});
