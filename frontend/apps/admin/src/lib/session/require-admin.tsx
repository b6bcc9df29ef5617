import { Spinner } from '@atelier/ui/spinner';
import { Navigate, Outlet } from 'react-router';
import { LOGIN_PATH } from '../paths';
import { useSession } from './use-session';

/** Lets only a signed-in team account through (any role); anyone else goes to the sign-in page. */
export function RequireAdmin() {
  const { status, isTeamAccount } = useSession();
  if (status === 'restoring') {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Checking your session…" />
      </main>
    );
  }
  if (!isTeamAccount) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
