import {
  type TwoFactorSetup,
  useBeginTwoFactorSetup,
  useConfirmTwoFactorSetup,
} from '@atelier/api-client/api';
import { serverMessageOr } from '@atelier/api-client/http';
import { Banner } from '@atelier/ui/banner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '@/kit/card';
import { TextField } from '@/kit/fields/fields';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';

export const ENROLMENT_MESSAGES = {
  setupFailed: 'Failed to start the two-factor set-up',
  confirmFailed: 'Failed to turn on two-factor sign-in',
} as const;

/** An authenticator app's code: six digits, spaces allowed. */
export const authenticationCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .refine((code) => /^\d{6}$/.test(code.replace(/\s/g, '')), 'Enter the 6-digit code');

const confirmSchema = z.object({ code: authenticationCodeSchema });
type ConfirmValues = z.infer<typeof confirmSchema>;

function ScanStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const confirm = useConfirmTwoFactorSetup();
  const form = useForm<ConfirmValues>({
    resolver: zodResolver(confirmSchema),
    defaultValues: { code: '' },
  });
  const save = useGuardedSubmit(
    form,
    async ({ code }) => {
      const { recoveryCodes } = await confirm.mutateAsync({ data: { code } });
      onConfirmed(recoveryCodes);
    },
    (error) => serverMessageOr(error, ENROLMENT_MESSAGES.confirmFailed),
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save.submit} className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
          <li>Open an authenticator app (1Password, Google Authenticator, Aegis, …).</li>
          <li>Scan this QR code, or type the key below into the app.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <QrCode text={setup.otpauthUri} label="QR code for your authenticator app" />
          <div className="min-w-0 space-y-1 text-sm">
            <p className="font-medium text-gray-700">Setup key</p>
            <p className="break-words rounded-lg bg-gray-50 px-3 py-2 font-mono text-gray-900 select-all">
              {setup.manualKey}
            </p>
            <p className="text-gray-500">Time-based, 6 digits, every 30 seconds.</p>
          </div>
        </div>
        {save.failure.message && (
          <Banner tone="error" message={save.failure.message} onDismiss={save.failure.clear} />
        )}
        <TextField
          name="code"
          label="Authentication code"
          required
          autoComplete="one-time-code"
          placeholder="123456"
        />
        <div className="flex flex-wrap justify-end gap-3">
          {onCancel && (
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" disabled={save.busy} className={primaryButton}>
            {save.busy ? 'Verifying…' : 'Verify and Turn On'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * Setting up two-factor sign-in: start (the server makes a secret), scan the QR code or type the
 * key, confirm with a first code, then save the recovery codes shown this once. `onEnabled` runs
 * when the code is accepted, `onDone` when the codes are put away.
 */
export function TwoFactorEnrolment({
  onEnabled,
  onDone,
  startLabel = 'Set Up Two-Factor Sign-In',
}: {
  onEnabled?: () => void;
  onDone: () => void;
  startLabel?: string;
}) {
  const begin = useBeginTwoFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (begin.data) {
    return (
      <ScanStep
        setup={begin.data}
        onCancel={() => begin.reset()}
        onConfirmed={(recoveryCodes) => {
          setCodes(recoveryCodes);
          onEnabled?.();
        }}
      />
    );
  }
  return (
    <div className="space-y-3">
      {begin.isError && (
        <Banner
          tone="error"
          message={serverMessageOr(begin.error, ENROLMENT_MESSAGES.setupFailed)}
          onDismiss={() => begin.reset()}
        />
      )}
      <button
        type="button"
        className={primaryButton}
        disabled={begin.isPending}
        onClick={() => begin.mutate()}
      >
        {begin.isPending ? 'Preparing…' : startLabel}
      </button>
    </div>
  );
}
