import {
  type Administrator,
  getListAdministratorsQueryKey,
  getListInvitationsQueryKey,
  type Invitation,
  type NewInvitation,
  useInviteAdministrator,
  useListAdministrators,
  useListInvitations,
  useRemoveAdministrator,
  useWithdrawInvitation,
} from '@atelier/api-client/api';
import { Banner } from '@atelier/ui/banner';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Spinner } from '@atelier/ui/spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Card, primaryButton, secondaryButton } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { TextField } from '@/kit/fields/fields';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { ScreenHeader } from '@/kit/screen-header';
import { shortDate, shortDateTime } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';

export const ADMIN_MESSAGES = {
  invited: 'Invitation created. Copy the link and pass it on.',
  invitedAndMailed: 'Invitation created and emailed. You can also copy the link.',
  inviteFailed: 'Failed to create the invitation',
  withdrawn: 'Invitation withdrawn',
  removed: 'Administrator removed',
  removeQuestion: (name: string) =>
    `Are you sure you want to remove ${name}? They are signed out at once and can no longer sign in.`,
  removeSelfQuestion:
    'Are you sure you want to remove your own account? You are signed out at once and can no longer sign in.',
  linkCopied: 'Link copied',
} as const;

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address')),
});
type InviteValues = z.infer<typeof inviteSchema>;

const dangerButton =
  'rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The invitation link as a full address, whether the server answered a path or a URL. */
const absoluteLink = (link: string) => new URL(link, window.location.origin).toString();

function NewLink({ invited, onDone }: { invited: NewInvitation; onDone: () => void }) {
  const banners = useBanners();
  const link = absoluteLink(invited.link);
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    banners.success(ADMIN_MESSAGES.linkCopied);
  };
  return (
    <div className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <p>
        The link for <strong>{invited.invitation.email}</strong> works once, until{' '}
        {shortDateTime(invited.invitation.expiresAt)}. It is shown only now.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          readOnly
          aria-label="Invitation link"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-full rounded-lg border border-blue-200 bg-white px-3 py-2 font-mono text-xs text-gray-900 sm:basis-0"
        />
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          Copy link
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function InviteCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const inviteAdmin = useInviteAdministrator();
  const [invited, setInvited] = useState<NewInvitation | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });
  const invite = useGuardedSubmit(
    form,
    async (values) => {
      const answer = await inviteAdmin.mutateAsync({ data: values });
      setInvited(answer);
      form.reset({ email: '' });
      banners.success(answer.mailed ? ADMIN_MESSAGES.invitedAndMailed : ADMIN_MESSAGES.invited);
      await queryClient.invalidateQueries({ queryKey: getListInvitationsQueryKey() });
    },
    (error) => serverMessageOr(error, ADMIN_MESSAGES.inviteFailed),
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={invite.submit}>
        <Card
          title="Invite an Administrator"
          description="They get a one-time link, valid for 72 hours, to choose their name and password. With email configured it is also mailed to them."
          footer={
            <button type="submit" disabled={invite.busy} className={primaryButton}>
              {invite.busy ? 'Inviting…' : 'Create Invitation'}
            </button>
          }
        >
          {invite.failure.message && (
            <Banner
              tone="error"
              message={invite.failure.message}
              onDismiss={invite.failure.clear}
            />
          )}
          <TextField name="email" label="Email" type="email" required autoComplete="off" />
          {invited && <NewLink invited={invited} onDone={() => setInvited(null)} />}
        </Card>
      </form>
    </FormProvider>
  );
}

function InvitationsCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const invitations = useListInvitations();
  const withdraw = useWithdrawInvitation();
  const onWithdraw = async (invitation: Invitation) => {
    try {
      await withdraw.mutateAsync({ id: invitation._id });
      banners.success(ADMIN_MESSAGES.withdrawn);
    } catch (error) {
      banners.error(serverMessageOr(error, failedTo('delete', 'invitation')));
    } finally {
      await queryClient.invalidateQueries({ queryKey: getListInvitationsQueryKey() });
    }
  };
  const list = invitations.data?.invitations ?? [];
  if (invitations.isSuccess && list.length === 0) return null;
  return (
    <Card title="Open Invitations">
      {invitations.isPending ? (
        <Spinner label="Loading invitations…" />
      ) : invitations.isError ? (
        <LoadError
          message={serverMessageOr(invitations.error, failedTo('fetch', 'invitations'))}
          onRetry={invitations.refetch}
        />
      ) : (
        <ul aria-label="Open invitations" className="divide-y divide-gray-100">
          {list.map((invitation) => (
            <li
              key={invitation._id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div>
                <p className="font-medium text-gray-900">{invitation.email}</p>
                <p className="text-sm text-gray-600">
                  Sent {shortDateTime(invitation.createdAt)} · expires{' '}
                  {shortDateTime(invitation.expiresAt)}
                </p>
              </div>
              <button
                type="button"
                className={dangerButton}
                disabled={withdraw.isPending}
                aria-label={`Withdraw the invitation for ${invitation.email}`}
                onClick={() => void onWithdraw(invitation)}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AdministratorsCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const session = useSession();
  const admins = useListAdministrators();
  const remove = useRemoveAdministrator();
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const [failure, setFailure] = useState('');
  const list = admins.data?.administrators ?? [];

  const confirmRemove = async () => {
    if (!removing) return;
    setFailure('');
    try {
      await remove.mutateAsync({ id: removing._id });
      setRemoving(null);
      if (removing.isYou) {
        await session.signOut();
        return;
      }
      banners.success(ADMIN_MESSAGES.removed);
      await queryClient.invalidateQueries({ queryKey: getListAdministratorsQueryKey() });
    } catch (error) {
      setFailure(serverMessageOr(error, failedTo('delete', 'administrator')));
    }
  };

  return (
    <Card title="Administrators" description="Everyone who may sign in to the back office.">
      {admins.isPending ? (
        <Spinner label="Loading administrators…" />
      ) : admins.isError ? (
        <LoadError
          message={serverMessageOr(admins.error, failedTo('fetch', 'administrators'))}
          onRetry={admins.refetch}
        />
      ) : (
        <ul aria-label="Administrators" className="divide-y divide-gray-100">
          {list.map((admin) => (
            <li key={admin._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {admin.name}
                  {admin.isYou && (
                    <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
                      You
                    </span>
                  )}
                </p>
                <p className="text-sm text-gray-600">
                  {admin.email} · since {shortDate(admin.createdAt)}
                </p>
              </div>
              <button
                type="button"
                className={dangerButton}
                disabled={list.length < 2}
                title={list.length < 2 ? 'The last administrator cannot be removed' : undefined}
                aria-label={`Remove ${admin.name}`}
                onClick={() => {
                  setFailure('');
                  setRemoving(admin);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.isYou ? 'Remove your own account?' : 'Remove administrator?'}
        message={
          removing?.isYou
            ? ADMIN_MESSAGES.removeSelfQuestion
            : ADMIN_MESSAGES.removeQuestion(removing?.name ?? '')
        }
        confirmLabel="Remove"
        busy={remove.isPending}
        error={failure}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** /admin/administrators: who may sign in, invitations to join them, and removing one. */
export default function AdministratorsScreen() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl space-y-6">
      <ScreenHeader
        headingId={headingId}
        title="Administrators"
        description="Invite the people who run the site with you; remove those who no longer do."
      />
      <AdministratorsCard />
      <InviteCard />
      <InvitationsCard />
    </section>
  );
}
