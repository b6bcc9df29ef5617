import {
  getGetTwoFactorStatusQueryKey,
  getListSessionsQueryKey,
  type TwoFactorStatus,
  useDisableTwoFactor,
  useGetTwoFactorStatus,
} from '@atelier/api-client/api';
import { Banner } from '@atelier/ui/banner';
import { Spinner } from '@atelier/ui/spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TwoFactorEnrolment } from '@/components/two-factor/two-factor-enrolment';
import { Card, secondaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { FieldRow, TextField } from '@/kit/fields/fields';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { shortDateTime } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';

export const TWO_FACTOR_MESSAGES = {
  loadFailed: 'Failed to fetch the two-factor status',
  enabled: 'Two-factor sign-in is on. Every other session has been signed out.',
  disabled: 'Two-factor sign-in is off.',
  disableFailed: 'Failed to turn off two-factor sign-in',
} as const;

const disableSchema = z.object({
  password: z.string().min(1, 'Password is required'),
  code: z.string().trim().min(1, 'Enter a code from your app or a recovery code'),
});
type DisableValues = z.infer<typeof disableSchema>;

const dangerButton =
  'rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

function DisableForm({ status, onDone }: { status: TwoFactorStatus; onDone: () => void }) {
  const { user, updateUser } = useSession();
  const banners = useBanners();
  const disable = useDisableTwoFactor();
  const form = useForm<DisableValues>({
    resolver: zodResolver(disableSchema),
    defaultValues: { password: '', code: '' },
  });
  const save = useGuardedSubmit(
    form,
    async (values) => {
      await disable.mutateAsync({ data: values });
      banners.success(TWO_FACTOR_MESSAGES.disabled);
      onDone();
      // Where the site requires it, the next step is setting it up again.
      if (status.required && user) updateUser({ ...user, mustEnrolTwoFactor: true });
    },
    (error) => serverMessageOr(error, TWO_FACTOR_MESSAGES.disableFailed),
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save.submit} className="space-y-4">
        {save.failure.message && (
          <Banner tone="error" message={save.failure.message} onDismiss={save.failure.clear} />
        )}
        {status.required && (
          <p className="text-sm text-gray-600">
            This site requires two-factor sign-in: once it is off you will be asked to set it up
            again.
          </p>
        )}
        <FieldRow>
          <TextField
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="current-password"
          />
          <TextField
            name="code"
            label="Authentication code"
            hint="From your app, or a recovery code"
            required
            autoComplete="one-time-code"
          />
        </FieldRow>
        <div className="flex justify-end">
          <button type="submit" disabled={save.busy} className={dangerButton}>
            {save.busy ? 'Turning off…' : 'Turn Off Two-Factor Sign-In'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * Two-factor sign-in on the account screen (GET /auth/two-factor): off, with the set-up (QR code,
 * key, first code, recovery codes); or on, with the recovery codes left and turning it off with
 * the password and a code.
 */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const status = useGetTwoFactorStatus();
  const [disabling, setDisabling] = useState(false);
  // Between the first code and the saved recovery codes the status still reads off.
  const [justEnabled, setJustEnabled] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: getGetTwoFactorStatusQueryKey() });

  const description =
    'A code from an authenticator app at every sign-in, so a stolen password alone does not open your account.';
  if (status.isPending) {
    return (
      <Card title="Two-Factor Sign-In" description={description}>
        <Spinner label="Loading two-factor sign-in…" />
      </Card>
    );
  }
  if (status.isError) {
    return (
      <Card title="Two-Factor Sign-In" description={description}>
        <LoadError
          message={serverMessageOr(status.error, TWO_FACTOR_MESSAGES.loadFailed)}
          onRetry={status.refetch}
        />
      </Card>
    );
  }
  const current = status.data;
  if (!current.enabled) {
    return (
      <Card title="Two-Factor Sign-In" description={description}>
        {!justEnabled && (
          <p className="text-sm text-gray-700">
            <span className="mr-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700">
              Off
            </span>
            {current.required
              ? 'This site requires it of every administrator.'
              : 'Recommended for every administrator.'}
          </p>
        )}
        <TwoFactorEnrolment
          onEnabled={() => {
            setJustEnabled(true);
            banners.success(TWO_FACTOR_MESSAGES.enabled);
            void queryClient.invalidateQueries({ queryKey: getListSessionsQueryKey() });
          }}
          onDone={() => {
            setJustEnabled(false);
            void refresh();
          }}
        />
      </Card>
    );
  }
  return (
    <Card title="Two-Factor Sign-In" description={description}>
      <p className="text-sm text-gray-700">
        <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
          On
        </span>
        Since {shortDateTime(current.enabledAt)} · {current.recoveryCodesLeft} of 10 recovery codes
        left
      </p>
      {current.recoveryCodesLeft <= 2 && (
        <p className="text-sm text-amber-800">
          Few recovery codes are left: turn two-factor sign-in off and on again for ten new ones.
        </p>
      )}
      {disabling ? (
        <DisableForm
          status={current}
          onDone={() => {
            setDisabling(false);
            void refresh();
          }}
        />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setDisabling(true)}>
          Turn Off…
        </button>
      )}
    </Card>
  );
}
