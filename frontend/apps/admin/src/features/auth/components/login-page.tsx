import { type TwoFactorChallenge, useLogin } from '@atelier/api-client/api';
import { serverMessageOr } from '@atelier/api-client/http';
import { Spinner } from '@atelier/ui/spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '@/lib/paths';
import { ACCESS_DENIED_MESSAGE, LOGIN_FAILED_MESSAGE } from '@/lib/session/session-messages';
import type { SignInAnswer } from '@/lib/session/session-user';
import { useSession } from '@/lib/session/use-session';
import { type LoginValues, loginSchema } from '../login-schema';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900 shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-gray-50';

/**
 * /admin/login (back-office.md §2, §4). The error alert lives in this page's state, so it is gone
 * once the page is left. For an account with two-factor sign-in the password step answers a
 * challenge, and the page asks for the code ([`TwoFactorStep`]).
 */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const signIn = useLogin();
  const [denied, setDenied] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });

  if (session.status === 'restoring') {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Checking your session…" />
      </main>
    );
  }
  if (session.isTeamAccount) return <Navigate to={DASHBOARD_PATH} replace />;

  const loading = signIn.isPending;
  const finish = (answer: SignInAnswer) => {
    if (session.signIn(answer) === 'access-denied') {
      setChallenge(null);
      setDenied(true);
    } else navigate(DASHBOARD_PATH, { replace: true });
  };
  const onSubmit = (values: LoginValues) => {
    setDenied(false);
    setRestartReason(null);
    signIn.mutate(
      { data: values },
      {
        onSuccess: (answer) => {
          if ('twoFactorRequired' in answer) setChallenge(answer);
          else finish(answer);
        },
      },
    );
  };
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={finish}
        onRestart={(reason) => {
          signIn.reset();
          setRestartReason(reason);
          setChallenge(null);
        }}
      />
    );
  }
  const alert = denied
    ? ACCESS_DENIED_MESSAGE
    : restartReason
      ? restartReason
      : signIn.isError
        ? serverMessageOr(signIn.error, LOGIN_FAILED_MESSAGE)
        : null;

  return (
    <AuthCard title="Admin Login" lead="Sign in to manage the Atelier website." flat>
      {alert && (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {alert}
        </div>
      )}

      <form className="mt-6 space-y-5" noValidate onSubmit={handleSubmit(onSubmit)}>
        <div>
          <label htmlFor="login-email" className="block text-sm font-medium text-gray-700">
            Email address
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            required
            disabled={loading}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            className={inputClass}
            {...register('email')}
          />
          {errors.email && (
            <p id="login-email-error" className="mt-1 text-sm text-red-600">
              {errors.email.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="login-password" className="block text-sm font-medium text-gray-700">
            Password
          </label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            disabled={loading}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            className={inputClass}
            {...register('password')}
          />
          {errors.password && (
            <p id="login-password-error" className="mt-1 text-sm text-red-600">
              {errors.password.message}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={loading || !email || !password}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-300 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {loading && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {loading ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <a href="/" className="font-medium text-blue-600 hover:underline">
          Back to the website
        </a>
      </p>
    </AuthCard>
  );
}
