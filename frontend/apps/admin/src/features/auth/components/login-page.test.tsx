import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, storeSession, TOKEN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

const fillIn = async (email: string, password: string) => {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
};

const signInButton = () => screen.getByRole('button', { name: /sign in|signing in/i });

describe('Login page', () => {
  it('keeps Sign In disabled until both email and password are filled in', async () => {
    mockApi({});
    renderAdmin('/admin/login');
    const user = userEvent.setup();

    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'ada@atelier.test');
    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(signInButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Email address'));
    expect(signInButton()).toBeDisabled();
  });

  it('shows a disabled Signing in… button while the server answers', async () => {
    mockApi({ 'POST /api/auth/login': never });
    renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'correct-horse');

    await user.click(signInButton());

    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
  });

  it('signs an administrator in, stores the session and opens the dashboard', async () => {
    const { requests } = mockApi({
      'POST /api/auth/login': () => json(200, { token: TOKEN, user: ADMIN }),
    });
    const { router } = renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'correct-horse');

    await user.click(signInButton());

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace!' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ADMIN);
    expect(localStorage.getItem('adminAuthenticated')).toBe('true');
    const body = (await requests[0]?.json()) as unknown;
    expect(body).toEqual({ email: 'ada@atelier.test', password: 'correct-horse' });
  });

  it("shows the server's message when the sign-in is refused", async () => {
    mockApi({
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password' }),
    });
    renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'wrong-password');

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the rate-limit message the server sends with a 429', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(429, { message: 'Too many sign-in attempts. Try again in 15 minutes.' }),
    });
    renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'wrong-password');

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('falls back to "Login failed" when the server sends no message', async () => {
    mockApi({ 'POST /api/auth/login': () => new Response('', { status: 500 }) });
    renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'correct-horse');

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('falls back to "Login failed" when the server cannot be reached', async () => {
    mockApi({
      'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'correct-horse');

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('refuses an account without a back-office role and keeps nothing', async () => {
    mockApi({ 'POST /api/auth/login': () => json(200, { token: TOKEN, user: MEMBER }) });
    const { router } = renderAdmin('/admin/login');
    const user = await fillIn('max@atelier.test', 'correct-horse');

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. This account has no role in the back office.',
    );
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('adminAuthenticated')).toBeNull();
  });

  it('clears the error alert once the login page is left', async () => {
    mockApi({
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password' }),
    });
    const { router } = renderAdmin('/admin/login');
    const user = await fillIn('ada@atelier.test', 'wrong-password');
    await user.click(signInButton());
    await screen.findByRole('alert');

    // Leaving for a guarded screen brings a signed-out visitor straight back.
    await router.navigate('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    // The page renders again after the address changes: wait for it before looking.
    expect(await screen.findByLabelText('Email address')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends an administrator who is already signed in to the dashboard', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/verify': () => json(200, { user: ADMIN }) });
    const { router } = renderAdmin('/admin/login');

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace!' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
