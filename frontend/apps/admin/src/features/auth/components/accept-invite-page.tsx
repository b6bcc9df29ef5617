import { useAcceptInvitation, useInspectInvitation } from '@atelier/api-client/api';
import { serverMessageOr } from '@atelier/api-client/http';
import { Banner } from '@atelier/ui/banner';
import { Spinner } from '@atelier/ui/spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { primaryButton } from '@/kit/card';
import { TextField } from '@/kit/fields/fields';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { newPasswordFields, passwordsMatch } from '@/lib/passwords';
import { DASHBOARD_PATH } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { AuthCard } from './auth-card';

export const INVITATION_FAILED = 'Failed to accept the invitation';
export const INVALID_INVITATION = 'This invitation link is invalid or has expired';

const acceptSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    ...newPasswordFields,
  })
  .refine(passwordsMatch.check, passwordsMatch.options);
type AcceptValues = z.infer<typeof acceptSchema>;

/**
 * /admin/accept-invite#<token>: the invitation's email, then a name and a password; accepting
 * creates the administrator and signs them in. The token stays in the address's fragment, which is
 * never sent to the server.
 */
export function AcceptInvitePage() {
  const token = useLocation().hash.replace(/^#/, '');
  const navigate = useNavigate();
  const session = useSession();
  const inspect = useInspectInvitation();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptValues>({
    resolver: zodResolver(acceptSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { mutate } = inspect;
  useEffect(() => {
    if (token) mutate({ data: { token } });
  }, [token, mutate]);

  const save = useGuardedSubmit(
    form,
    async ({ name, password }) => {
      const answer = await accept.mutateAsync({ data: { token, name, password } });
      session.signIn(answer);
      navigate(DASHBOARD_PATH, { replace: true });
    },
    (error) => serverMessageOr(error, INVITATION_FAILED),
  );

  if (!token || inspect.isError) {
    return (
      <AuthCard title="Invitation" lead="Ask an administrator for a new link.">
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {token ? serverMessageOr(inspect.error, INVALID_INVITATION) : INVALID_INVITATION}
        </p>
      </AuthCard>
    );
  }
  if (!inspect.data) {
    return (
      <AuthCard title="Invitation" lead="Checking your invitation…">
        <Spinner label="Checking your invitation…" />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join the Back Office"
      lead={
        <>
          You are invited as <strong>{inspect.data.email}</strong>. Choose your name and password.
        </>
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={save.submit} className="space-y-4">
          {save.failure.message && (
            <Banner tone="error" message={save.failure.message} onDismiss={save.failure.clear} />
          )}
          <TextField name="name" label="Name" required autoComplete="name" />
          <TextField
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="new-password"
          />
          <TextField
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            required
            autoComplete="new-password"
          />
          <button type="submit" disabled={save.busy} className={`${primaryButton} w-full`}>
            {save.busy ? 'Creating your account…' : 'Create Account'}
          </button>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
