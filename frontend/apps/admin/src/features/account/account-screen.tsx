import {
  getListSessionsQueryKey,
  useChangePassword,
  useUpdateProfile,
} from '@atelier/api-client/api';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { FieldRow, TextField } from '@/kit/fields/fields';
import { ChangePasswordFields } from '@/kit/fields/password-fields';
import { FormCard } from '@/kit/form/form-card';
import { useSaveShortcut, useUnsavedGuard } from '@/kit/form/unsaved-guard';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { ScreenTitle } from '@/kit/screen-header';
import { requiredEmail } from '@/lib/email';
import { MIN_PASSWORD_LENGTH } from '@/lib/passwords';
import { useSession } from '@/lib/session/use-session';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** DECISIONS.md "Accounts and sessions": passwords have at least 12 characters. */

export const ACCOUNT_MESSAGES = {
  profileSaved: 'Profile updated successfully!',
  profileFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully! Every other session has been signed out.',
  passwordFailed: 'Failed to change password',
} as const;

const profileSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: requiredEmail(),
});
type ProfileValues = z.infer<typeof profileSchema>;

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
type PasswordValues = z.infer<typeof passwordSchema>;
const NO_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The account's submit buttons (flatter than the kit's primary button). */
const submitClass =
  'rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The signed-in administrator's own account: name and email (PUT /auth/profile) and the password
 * (PUT /auth/change-password, which signs every other session out), two-factor sign-in, and
 * where it is signed in.
 */
export default function AccountScreen() {
  const headingId = useId();
  const { user, updateUser } = useSession();
  const banners = useBanners();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangePassword();
  const queryClient = useQueryClient();
  const passwordCard = useRef<HTMLFormElement>(null);

  const profile = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
  });
  const password = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: NO_PASSWORDS,
  });
  const guard = useUnsavedGuard(profile.formState.isDirty || password.formState.isDirty);

  const profileSave = useGuardedSubmit(
    profile,
    async (values) => {
      const { user: saved } = await updateProfile.mutateAsync({ data: values });
      updateUser(saved);
      profile.reset({ name: saved.name, email: saved.email });
      banners.success(ACCOUNT_MESSAGES.profileSaved);
    },
    (error) => serverMessageOr(error, ACCOUNT_MESSAGES.profileFailed),
  );
  const passwordSave = useGuardedSubmit(
    password,
    async ({ currentPassword, newPassword }) => {
      await changePassword.mutateAsync({ data: { currentPassword, newPassword } });
      password.reset(NO_PASSWORDS);
      banners.success(ACCOUNT_MESSAGES.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: getListSessionsQueryKey() });
    },
    (error) => serverMessageOr(error, ACCOUNT_MESSAGES.passwordFailed),
  );

  // Ctrl/Cmd+S saves the card being edited.
  useSaveShortcut(() => {
    if (passwordCard.current?.contains(document.activeElement)) void passwordSave.submit();
    else void profileSave.submit();
  });

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl space-y-6">
      <ScreenTitle
        headingId={headingId}
        title="Your Account"
        description="How you sign in to the back office. Changing the password signs you out everywhere else."
      />

      <FormCard
        form={profile}
        save={profileSave}
        title="Profile"
        description="Your name is shown in the back office; you sign in with the email."
        submitLabel="Save Profile"
        busyLabel="Saving…"
        saveShortcut
        submitClass={submitClass}
      >
        <FieldRow>
          <TextField name="name" label="Name" required autoComplete="name" />
          <TextField name="email" label="Email" type="email" required autoComplete="email" />
        </FieldRow>
      </FormCard>

      <FormCard
        form={password}
        save={passwordSave}
        formRef={passwordCard}
        title="Change Password"
        description={`At least ${MIN_PASSWORD_LENGTH} characters. Every other session is signed out; this one stays.`}
        submitLabel="Change Password"
        busyLabel="Saving…"
        submitClass={submitClass}
      >
        <ChangePasswordFields newName="newPassword" paired />
      </FormCard>

      <TwoFactorCard />
      <SessionsCard />
      {guard.dialog}
    </section>
  );
}
