import {
  getListInvitationsQueryKey,
  type Invitation,
  type NewInvitation,
  useInviteAdministrator,
  useListInvitations,
  useWithdrawInvitation,
} from '@atelier/api-client/api';
import { Spinner } from '@atelier/ui/spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Card, secondaryButton } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { SelectField, TextField } from '@/kit/fields/fields';
import { FormCard } from '@/kit/form/form-card';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { shortDateTime } from '@/kit/values';
import { requiredEmail } from '@/lib/email';
import { ROLE_LABELS } from '@/lib/session/session-user';
import { GIVEN_ROLES } from './account-row';
import { ADMIN_MESSAGES, dangerButton, ROLE_SUMMARIES } from './admin-messages';

const inviteSchema = z.object({
  email: requiredEmail(),
  role: z.enum(['administrator', 'editor', 'author', 'contributor', 'sales']),
});

const ROLE_OPTIONS = GIVEN_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]}: ${ROLE_SUMMARIES[role]}`,
}));
type InviteValues = z.infer<typeof inviteSchema>;

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

/** 'Invite Someone': an email address and a role, then the invitation's link to pass on. */
export function InviteCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const inviteAdmin = useInviteAdministrator();
  const [invited, setInvited] = useState<NewInvitation | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  const invite = useGuardedSubmit(
    form,
    async (values) => {
      const answer = await inviteAdmin.mutateAsync({ data: values });
      setInvited(answer);
      form.reset({ email: '', role: values.role });
      banners.success(answer.mailed ? ADMIN_MESSAGES.invitedAndMailed : ADMIN_MESSAGES.invited);
      await queryClient.invalidateQueries({ queryKey: getListInvitationsQueryKey() });
    },
    (error) => serverMessageOr(error, ADMIN_MESSAGES.inviteFailed),
  );
  return (
    <FormCard
      form={form}
      save={invite}
      title="Invite Someone"
      description="They get a one-time link, valid for 72 hours, to choose their name and password and join with the role you pick. With email configured it is also mailed to them."
      submitLabel="Create Invitation"
      busyLabel="Inviting…"
    >
      <TextField name="email" label="Email" type="email" required autoComplete="off" />
      <SelectField name="role" label="Role" required options={ROLE_OPTIONS} />
      {invited && <NewLink invited={invited} onDone={() => setInvited(null)} />}
    </FormCard>
  );
}

/** The invitations not yet accepted, each withdrawn on its own. */
export function InvitationsCard() {
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
                <p className="font-medium text-gray-900">
                  {invitation.email}
                  <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">
                    {ROLE_LABELS[invitation.role]}
                  </span>
                </p>
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
