import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const card = (name: string) => screen.getByRole('region', { name });

describe('Your Account', () => {
  it('is reached from the admin’s name in the top bar and shows the profile', async () => {
    signedInApi();
    const { router } = renderAdmin('/admin/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: /Ada Lovelace/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'));
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(within(profile).getByLabelText(/^Email/)).toHaveValue('ada@atelier.test');
    expect(document.title).toContain('Your Account');
  });

  it('saves the name and email and shows the new name in the top bar', async () => {
    const { requests } = signedInApi({
      'PUT /api/auth/profile': () =>
        json(200, { user: { ...ADMIN, name: 'Ada King', email: 'ada.king@atelier.test' } }),
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();

    const profile = await screen.findByRole('region', { name: 'Profile' });
    await user.clear(within(profile).getByLabelText(/^Name/));
    await user.type(within(profile).getByLabelText(/^Name/), 'Ada King');
    await user.clear(within(profile).getByLabelText(/^Email/));
    await user.type(within(profile).getByLabelText(/^Email/), 'ada.king@atelier.test');
    await user.click(within(profile).getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/auth/profile')[0])).toEqual({
      name: 'Ada King',
      email: 'ada.king@atelier.test',
    });
    expect(screen.getByRole('link', { name: /Ada King/ })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(
      expect.objectContaining({ name: 'Ada King', email: 'ada.king@atelier.test' }),
    );
  });

  it('checks the profile before sending it and shows a failure inside the card', async () => {
    const { requests } = signedInApi({
      'PUT /api/auth/profile': () => json(409, { message: 'Email is already in use' }),
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();

    const profile = await screen.findByRole('region', { name: 'Profile' });
    await user.clear(within(profile).getByLabelText(/^Name/));
    await user.clear(within(profile).getByLabelText(/^Email/));
    await user.type(within(profile).getByLabelText(/^Email/), 'nope');
    await user.click(within(profile).getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile).findByText('Name is required')).toBeVisible();
    expect(within(profile).getByText('Please enter a valid email address')).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/auth/profile')).toHaveLength(0);

    await user.type(within(profile).getByLabelText(/^Name/), 'Ada');
    await user.clear(within(profile).getByLabelText(/^Email/));
    await user.type(within(profile).getByLabelText(/^Email/), 'taken@atelier.test');
    await user.click(within(profile).getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile).findByText('Email is already in use')).toBeVisible();
    expect(within(profile).getByLabelText(/^Email/)).toHaveValue('taken@atelier.test');
  });

  it('falls back to "Failed to update profile" when the server gives no reason', async () => {
    signedInApi({ 'PUT /api/auth/profile': () => json(500, {}) });
    renderAdmin('/admin/account');
    const user = userEvent.setup();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await user.type(within(profile).getByLabelText(/^Name/), ' II');
    await user.click(within(profile).getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile).findByText('Failed to update profile')).toBeVisible();
  });

  it('checks the new password: 12 characters, confirmed, different from the current one', async () => {
    const { requests } = signedInApi();
    renderAdmin('/admin/account');
    const user = userEvent.setup();

    await screen.findByRole('region', { name: 'Profile' });
    const password = card('Change Password');
    await user.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Current password is required')).toBeVisible();
    expect(within(password).getByText('Password must be at least 12 characters')).toBeVisible();

    await user.type(within(password).getByLabelText(/^Current Password/), 'old-password-1');
    await user.type(within(password).getByLabelText(/^New Password/), 'old-password-1');
    await user.type(within(password).getByLabelText(/^Confirm New Password/), 'something-else');
    await user.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Passwords do not match')).toBeVisible();
    expect(
      within(password).getByText('The new password must differ from the current one'),
    ).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password, says other sessions ended, and empties the fields', async () => {
    const { requests } = signedInApi({
      'PUT /api/auth/change-password': () => json(200, { message: 'Password changed' }),
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();

    await screen.findByRole('region', { name: 'Profile' });
    const password = card('Change Password');
    await user.type(within(password).getByLabelText(/^Current Password/), 'first-password-1');
    await user.type(within(password).getByLabelText(/^New Password/), 'second-password-2');
    await user.type(within(password).getByLabelText(/^Confirm New Password/), 'second-password-2');
    await user.click(within(password).getByRole('button', { name: 'Change Password' }));

    expect(
      await screen.findByText(
        'Password changed successfully! Every other session has been signed out.',
      ),
    ).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/auth/change-password')[0])).toEqual({
      currentPassword: 'first-password-1',
      newPassword: 'second-password-2',
    });
    expect(within(password).getByLabelText(/^Current Password/)).toHaveValue('');
    expect(within(password).getByLabelText(/^New Password/)).toHaveValue('');
    // This session stays signed in.
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('puts a wrong current password on its field and keeps the input', async () => {
    signedInApi({
      'PUT /api/auth/change-password': () =>
        json(422, {
          message: 'Validation failed',
          errors: { currentPassword: 'Current password is incorrect' },
        }),
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();

    await screen.findByRole('region', { name: 'Profile' });
    const password = card('Change Password');
    await user.type(within(password).getByLabelText(/^Current Password/), 'wrong-password-1');
    await user.type(within(password).getByLabelText(/^New Password/), 'second-password-2');
    await user.type(within(password).getByLabelText(/^Confirm New Password/), 'second-password-2');
    await user.click(within(password).getByRole('button', { name: 'Change Password' }));

    expect(await within(password).findByText('Current password is incorrect')).toBeVisible();
    expect(within(password).getByText('Validation failed')).toBeVisible();
    expect(within(password).getByLabelText(/^New Password/)).toHaveValue('second-password-2');
  });

  it('falls back to "Failed to change password"', async () => {
    signedInApi({ 'PUT /api/auth/change-password': () => json(500, {}) });
    renderAdmin('/admin/account');
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Profile' });
    const password = card('Change Password');
    await user.type(within(password).getByLabelText(/^Current Password/), 'first-password-1');
    await user.type(within(password).getByLabelText(/^New Password/), 'second-password-2');
    await user.type(within(password).getByLabelText(/^Confirm New Password/), 'second-password-2');
    await user.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Failed to change password')).toBeVisible();
  });

  it('asks before leaving with a changed profile', async () => {
    signedInApi();
    const { router } = renderAdmin('/admin/account');
    const user = userEvent.setup();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await user.type(within(profile).getByLabelText(/^Name/), ' Byron');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: /Stay|Cancel|Keep/ }));
    expect(router.state.location.pathname).toBe('/admin/account');
  });

  describe('Sessions', () => {
    const session = (id: string, device: string, current: boolean, address = '203.0.113.7') => ({
      _id: id,
      device,
      userAgent: `${device} agent`,
      address,
      createdAt: '2026-01-05T09:00:00Z',
      lastUsedAt: '2026-01-06T10:30:00Z',
      expiresAt: '2026-01-06T21:00:00Z',
      current,
    });
    const laptop = session('65a1b2c3d4e5f60718293a01', 'Firefox on Linux', true, '10.0.0.1');
    const phone = session('65a1b2c3d4e5f60718293a02', 'Safari on iPhone', false);
    const tablet = session('65a1b2c3d4e5f60718293a03', 'Chrome on Android', false);

    it('lists each session with its device and address and marks this one', async () => {
      signedInApi({
        'GET /api/auth/sessions': () => json(200, { sessions: [laptop, phone] }),
      });
      renderAdmin('/admin/account');
      const list = await screen.findByRole('list', { name: 'Your sessions' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(within(rows[0] as HTMLElement).getByText('This device')).toBeVisible();
      expect(rows[0]).toHaveTextContent('Firefox on Linux');
      expect(rows[0]).toHaveTextContent('10.0.0.1');
      expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
      expect(rows[1]).toHaveTextContent('Safari on iPhone');
      expect(rows[1]).toHaveTextContent('203.0.113.7');
      expect(rows[1]).toHaveTextContent('last used Jan 6, 2026');
    });

    it('signs one other session out and lists what is left', async () => {
      let listed = [laptop, phone, tablet];
      const { requests } = signedInApi({
        'GET /api/auth/sessions': () => json(200, { sessions: listed }),
        [`DELETE /api/auth/sessions/${phone._id}`]: () => {
          listed = [laptop, tablet];
          return new Response(null, { status: 204 });
        },
      });
      renderAdmin('/admin/account');
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('button', { name: 'Sign out Safari on iPhone, 203.0.113.7' }),
      );
      expect(await screen.findByText('Session signed out')).toBeVisible();
      await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
      expect(screen.getByText('Chrome on Android')).toBeVisible();
      expect(callsTo(requests, 'DELETE', `/api/auth/sessions/${phone._id}`)).toHaveLength(1);
    });

    it('signs out everywhere else and says how many', async () => {
      let listed = [laptop, phone, tablet];
      signedInApi({
        'GET /api/auth/sessions': () => json(200, { sessions: listed }),
        'POST /api/auth/sessions/sign-out-others': () => {
          listed = [laptop];
          return json(200, { message: '2 other sessions signed out', signedOut: 2 });
        },
      });
      renderAdmin('/admin/account');
      const user = userEvent.setup();
      await screen.findByText('Safari on iPhone');
      await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
      expect(await screen.findByText('2 other sessions signed out')).toBeVisible();
      await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
      expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    });

    it('says when the sessions cannot be read', async () => {
      signedInApi({ 'GET /api/auth/sessions': () => json(500, {}) });
      renderAdmin('/admin/account');
      expect(await screen.findByText('Failed to fetch sessions')).toBeVisible();
    });
  });
});
