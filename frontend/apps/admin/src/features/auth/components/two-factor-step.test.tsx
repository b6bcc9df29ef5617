import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo } from '@/test/admin-api';
import { ADMIN, TOKEN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const CHALLENGE = {
  twoFactorRequired: true,
  challenge: 'challenge-token',
  expiresAt: '2026-02-01T09:05:00Z',
};

const passwordStep = async () => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'ada@atelier.test');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
};

/** The server's answer for a right code already used, word for word. */
const USED_CODE =
  'This code has already been used. Each code works once: wait for the next code in your authenticator app and enter it.';

describe('The second sign-in step', () => {
  it('says word for word that a code works once when the one that enabled it is typed again', async () => {
    mockApi({
      'POST /api/auth/login': () => json(202, CHALLENGE),
      'POST /api/auth/login/two-factor': () => json(401, { message: USED_CODE }),
    });
    renderAdmin('/admin/login');
    const user = await passwordStep();
    const code = await screen.findByLabelText(/^Authentication code/);
    await user.type(code, '287082');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USED_CODE);
    expect(screen.queryByText('Invalid authentication code')).toBeNull();
  });

  it('asks for the code after the password and signs in with it', async () => {
    let attempts = 0;
    const { requests } = mockApi({
      'POST /api/auth/login': () => json(202, CHALLENGE),
      'POST /api/auth/login/two-factor': () => {
        attempts += 1;
        return attempts === 1
          ? json(401, { message: 'Invalid authentication code' })
          : json(200, { token: TOKEN, user: ADMIN });
      },
    });
    const { router } = renderAdmin('/admin/login');
    const user = await passwordStep();

    expect(await screen.findByRole('heading', { name: 'Two-Step Verification' })).toBeVisible();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(localStorage.getItem('token')).toBeNull();
    const code = screen.getByLabelText(/^Authentication code/);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeVisible();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/auth/login/two-factor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code');
    expect(code).toHaveValue('');

    await user.type(code, '287 082');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    const sent = callsTo(requests, 'POST', '/api/auth/login/two-factor');
    expect(await bodyOf(sent[1])).toEqual({ challenge: 'challenge-token', code: '287 082' });
  });

  it('offers a recovery code instead', async () => {
    const { requests } = mockApi({
      'POST /api/auth/login': () => json(202, CHALLENGE),
      'POST /api/auth/login/two-factor': () => json(200, { token: TOKEN, user: ADMIN }),
    });
    const { router } = renderAdmin('/admin/login');
    const user = await passwordStep();

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(
      screen.getByText(
        'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
      ),
    ).toBeVisible();
    const field = screen.getByLabelText(/^Recovery code/);
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await bodyOf(callsTo(requests, 'POST', '/api/auth/login/two-factor')[0])).toEqual({
      challenge: 'challenge-token',
      code: 'abcd-efgh-jkmn-pqrs',
    });
    expect(screen.queryByRole('button', { name: 'Use your authenticator app instead' })).toBeNull();
  });

  it('goes back to the password step with the reason when the sign-in has expired', async () => {
    mockApi({
      'POST /api/auth/login': () => json(202, CHALLENGE),
      'POST /api/auth/login/two-factor': () =>
        json(404, { message: 'This sign-in has expired. Sign in again.' }),
    });
    renderAdmin('/admin/login');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired. Sign in again.');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@atelier.test');
  });

  it('can go back to the password step', async () => {
    mockApi({ 'POST /api/auth/login': () => json(202, CHALLENGE) });
    renderAdmin('/admin/login');
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
