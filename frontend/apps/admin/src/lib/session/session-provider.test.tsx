import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, storeSession, TOKEN } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';

const welcome = 'Welcome back, Ada Lovelace!';

describe('Session restore at start-up', () => {
  it('without a stored token goes to sign-in without calling the server', async () => {
    const { fetchMock } = mockApi({});
    const { router } = renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('discards the stored credentials when the stored user cannot be read', async () => {
    localStorage.setItem('token', TOKEN);
    localStorage.setItem('user', '{not json');
    localStorage.setItem('adminAuthenticated', 'true');
    const { fetchMock } = mockApi({ 'GET /api/auth/verify': () => json(200, { user: ADMIN }) });
    const { router } = renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('adminAuthenticated')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the administrator signed in when the server confirms the stored token', async () => {
    storeSession();
    const { requests } = mockApi({ 'GET /api/auth/verify': () => json(200, { user: ADMIN }) });
    const { router } = renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: welcome })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('waits for the verification before showing a guarded screen', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/verify': never });
    renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('status', { name: 'Checking your session…' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: welcome })).not.toBeInTheDocument();
  });

  it('clears the session when the server rejects the stored token', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/verify': () => json(401, { message: 'Session expired' }) });
    const { router } = renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('adminAuthenticated')).toBeNull();
  });

  it('clears the session when the verification fails for another reason', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/verify': () => new Response('', { status: 500 }) });
    const { router } = renderAdmin('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the stored session when the verification never reached the server', async () => {
    storeSession();
    mockApi({
      'GET /api/auth/verify': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { router } = renderAdmin('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(localStorage.getItem('adminAuthenticated')).toBe('true');
  });
});

function EndReason() {
  const { endReason, status } = useSession();
  return <output aria-label="end reason">{`${status}: ${endReason ?? ''}`}</output>;
}

describe('Session end reasons', () => {
  it('reports "No token found" and "Token verification failed"', async () => {
    const renderProvider = () =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <SessionProvider>
            <EndReason />
          </SessionProvider>
        </QueryClientProvider>,
      );

    mockApi({});
    const first = renderProvider();
    expect(screen.getByLabelText('end reason')).toHaveTextContent('signed-out: No token found');
    first.unmount();

    storeSession();
    mockApi({ 'GET /api/auth/verify': () => new Response('', { status: 401 }) });
    renderProvider();
    await waitFor(() =>
      expect(screen.getByLabelText('end reason')).toHaveTextContent(
        'signed-out: Token verification failed',
      ),
    );
  });
});
