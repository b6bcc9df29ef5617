import { type TwoFactorChallenge, useCompleteTwoFactorSignIn } from '@atelier/api-client/api';
import { ApiError, serverMessageOr } from '@atelier/api-client/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { authenticationCodeSchema } from '@/components/two-factor/two-factor-enrolment';
import { primaryButton } from '@/kit/card';
import { TextField } from '@/kit/fields/fields';
import type { SignInAnswer } from '@/lib/session/session-user';
import { AuthCard } from './auth-card';

export const CODE_STEP_TEXTS = {
  title: 'Two-Step Verification',
  appLead: 'Enter the 6-digit code from your authenticator app.',
  recoveryLead: 'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
  appLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use your authenticator app instead',
  failed: 'Verification failed',
} as const;

const appSchema = z.object({ code: authenticationCodeSchema });
const recoverySchema = z.object({
  code: z.string().trim().min(1, 'Enter one of your recovery codes'),
});
type CodeValues = z.infer<typeof appSchema>;

/**
 * The second step of signing in to an account with two-factor sign-in: a code from the
 * authenticator app, or a recovery code. A challenge that is no longer usable (expired, used, or
 * worn out by wrong codes) sends the administrator back to the first step with the server's words.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (answer: SignInAnswer) => void;
  onRestart: (message: string | null) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const complete = useCompleteTwoFactorSignIn();
  const form = useForm<CodeValues>({
    resolver: zodResolver(recovery ? recoverySchema : appSchema),
    defaultValues: { code: '' },
  });
  const { setValue, clearErrors, setFocus } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: switching between app and recovery codes empties the field and focuses it
  useEffect(() => {
    setValue('code', '');
    clearErrors();
    setFocus('code');
  }, [recovery, setValue, clearErrors, setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    complete.mutate(
      { data: { challenge: challenge.challenge, code: values.code } },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) onRestart(error.message);
          else form.setValue('code', '');
        },
      },
    );
  });
  const alert = complete.isError ? serverMessageOr(complete.error, CODE_STEP_TEXTS.failed) : null;

  return (
    <AuthCard
      title={CODE_STEP_TEXTS.title}
      lead={recovery ? CODE_STEP_TEXTS.recoveryLead : CODE_STEP_TEXTS.appLead}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {alert && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700"
            >
              {alert}
            </p>
          )}
          <TextField
            key={recovery ? 'recovery' : 'app'}
            name="code"
            label={recovery ? CODE_STEP_TEXTS.recoveryLabel : CODE_STEP_TEXTS.appLabel}
            required
            autoComplete="one-time-code"
            placeholder={recovery ? 'xxxx-xxxx-xxxx-xxxx' : '123456'}
          />
          <button type="submit" disabled={complete.isPending} className={`${primaryButton} w-full`}>
            {complete.isPending ? 'Verifying…' : 'Verify'}
          </button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-blue-600 hover:underline"
              onClick={() => {
                complete.reset();
                setRecovery((current) => !current);
              }}
            >
              {recovery ? CODE_STEP_TEXTS.useApp : CODE_STEP_TEXTS.useRecovery}
            </button>
            <button
              type="button"
              className="font-medium text-gray-600 hover:underline"
              onClick={() => onRestart(null)}
            >
              Back to sign in
            </button>
          </div>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
