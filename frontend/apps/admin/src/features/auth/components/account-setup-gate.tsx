import { useChangePassword } from '@atelier/api-client/api';
import { serverMessageOr } from '@atelier/api-client/http';
import { Banner } from '@atelier/ui/banner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Outlet } from 'react-router';
import { z } from 'zod';
import { TwoFactorEnrolment } from '@/components/two-factor/two-factor-enrolment';
import { primaryButton, secondaryButton } from '@/kit/card';
import { ChangePasswordFields } from '@/kit/fields/password-fields';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { newPasswordFields, passwordsMatch } from '@/lib/passwords';
import { useSession } from '@/lib/session/use-session';
import { AuthCard } from './auth-card';

const firstPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    ...newPasswordFields,
  })
  .refine(passwordsMatch.check, passwordsMatch.options)
  .refine((values) => values.password !== values.currentPassword, {
    path: ['password'],
    message: 'The new password must differ from the current one',
  });
type FirstPasswordValues = z.infer<typeof firstPasswordSchema>;

/** The step before anything else for an administrator signed in with the generated first password. */
function FirstPasswordStep() {
  const session = useSession();
  const changePassword = useChangePassword();
  const form = useForm<FirstPasswordValues>({
    resolver: zodResolver(firstPasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const save = useGuardedSubmit(
    form,
    async ({ currentPassword, password }) => {
      await changePassword.mutateAsync({ data: { currentPassword, newPassword: password } });
      if (session.user) session.updateUser({ ...session.user, mustChangePassword: false });
    },
    (error) => serverMessageOr(error, 'Failed to change password'),
  );
  return (
    <AuthCard
      title="Choose Your Password"
      lead="You signed in with the password generated at installation. Choose your own to continue."
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={save.submit} className="space-y-4">
          {save.failure.message && (
            <Banner tone="error" message={save.failure.message} onDismiss={save.failure.clear} />
          )}
          <ChangePasswordFields newName="password" />
          <button type="submit" disabled={save.busy} className={`${primaryButton} w-full`}>
            {save.busy ? 'Saving…' : 'Change Password and Continue'}
          </button>
          <button
            type="button"
            className={`${secondaryButton} w-full`}
            onClick={() => void session.signOut()}
          >
            Sign out
          </button>
        </form>
      </FormProvider>
    </AuthCard>
  );
}

/**
 * The step before anything else for an administrator without two-factor sign-in on a site that
 * requires it: set it up, save the recovery codes, then continue.
 */
function TwoFactorRequiredStep() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(false);
  const proceed = () => {
    if (session.user) session.updateUser({ ...session.user, mustEnrolTwoFactor: false });
    void queryClient.invalidateQueries();
  };
  return (
    <AuthCard
      title="Set Up Two-Factor Sign-In"
      lead={
        enabled
          ? 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.'
          : 'This site requires a code from an authenticator app at every sign-in. Set it up to continue.'
      }
    >
      <div className="space-y-4">
        <TwoFactorEnrolment
          onEnabled={() => setEnabled(true)}
          onDone={proceed}
          startLabel="Start Set-Up"
        />
        {!enabled && (
          <button
            type="button"
            className={`${secondaryButton} w-full`}
            onClick={() => void session.signOut()}
          >
            Sign out
          </button>
        )}
      </div>
    </AuthCard>
  );
}

/**
 * Lets an administrator into the back office once their account is secured: until the generated
 * first password is changed, and then until two-factor sign-in is set up where the site requires
 * it, that step is all they see (the server refuses everything else).
 */
export function AccountSetupGate() {
  const { user } = useSession();
  if (user?.mustChangePassword) return <FirstPasswordStep />;
  if (user?.mustEnrolTwoFactor) return <TwoFactorRequiredStep />;
  return <Outlet />;
}
