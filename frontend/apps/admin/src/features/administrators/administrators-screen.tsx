import {
  type Administrator,
  getListAdministratorsQueryKey,
  type RoleChangeInputRole,
  useChangeAccountRole,
  useHandOverOwnership,
  useListAdministrators,
  useRemoveAdministrator,
  verifySession,
} from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Spinner } from '@atelier/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Card } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { useCan } from '@/kit/permissions';
import { ScreenHeader } from '@/kit/screen-header';
import { ROLE_LABELS } from '@/lib/session/session-user';
import { useSession } from '@/lib/session/use-session';

import { AccountRow } from './account-row';
import { ADMIN_MESSAGES } from './admin-messages';
import { InvitationsCard, InviteCard } from './invitation-cards';
import { administratorsScreen } from './screen';

/** What waits for the confirm dialog: a role change, a handover or a removal. */
type Pending =
  | { kind: 'role'; account: Administrator; role: RoleChangeInputRole }
  | { kind: 'owner'; account: Administrator }
  | { kind: 'remove'; account: Administrator };

const dialogTitle = (pending: Pending | null) => {
  if (!pending) return '';
  if (pending.kind === 'role') return `Change ${pending.account.name}'s role?`;
  if (pending.kind === 'owner') return 'Hand ownership over?';
  return pending.account.isYou ? 'Remove your own account?' : 'Remove account?';
};

const dialogMessage = (pending: Pending | null) => {
  if (!pending) return '';
  if (pending.kind === 'role') {
    return ADMIN_MESSAGES.roleQuestion(pending.account.name, ROLE_LABELS[pending.role]);
  }
  if (pending.kind === 'owner') return ADMIN_MESSAGES.handOverQuestion(pending.account.name);
  return pending.account.isYou
    ? ADMIN_MESSAGES.removeSelfQuestion
    : ADMIN_MESSAGES.removeQuestion(pending.account.name);
};

const confirmLabels = { role: 'Change Role', owner: 'Make Owner', remove: 'Remove' } as const;

function AdministratorsCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const session = useSession();
  const can = useCan();
  const admins = useListAdministrators();
  const remove = useRemoveAdministrator();
  const changeRole = useChangeAccountRole();
  const handOver = useHandOverOwnership();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState('');
  const list = admins.data?.administrators ?? [];

  /** The signed-in account's own role (and so its permissions) may have changed: read it again. */
  const refreshSession = async () => {
    const { user } = await verifySession();
    session.updateUser(user);
  };

  const confirm = async () => {
    if (!pending) return;
    setFailure('');
    const { account } = pending;
    try {
      if (pending.kind === 'remove') {
        await remove.mutateAsync({ id: account._id });
        setPending(null);
        if (account.isYou) {
          await session.signOut();
          return;
        }
        banners.success(ADMIN_MESSAGES.removed);
      } else if (pending.kind === 'role') {
        await changeRole.mutateAsync({ id: account._id, data: { role: pending.role } });
        setPending(null);
        banners.success(ADMIN_MESSAGES.roleChanged);
        if (account.isYou) await refreshSession();
      } else {
        await handOver.mutateAsync({ id: account._id });
        setPending(null);
        banners.success(ADMIN_MESSAGES.handedOver);
        await refreshSession();
      }
      await queryClient.invalidateQueries({ queryKey: getListAdministratorsQueryKey() });
    } catch (error) {
      const fallback =
        pending.kind === 'remove'
          ? failedTo('delete', 'account')
          : pending.kind === 'role'
            ? ADMIN_MESSAGES.roleChangeFailed
            : ADMIN_MESSAGES.handOverFailed;
      setFailure(serverMessageOr(error, fallback));
    }
  };

  const open = (next: Pending) => {
    setFailure('');
    setPending(next);
  };

  return (
    <Card
      title="Team"
      description="Everyone who may sign in to the back office, with the role that says what they may do."
    >
      {admins.isPending ? (
        <Spinner label="Loading the team…" />
      ) : admins.isError ? (
        <LoadError
          message={serverMessageOr(admins.error, failedTo('fetch', 'administrators'))}
          onRetry={admins.refetch}
        />
      ) : (
        <ul aria-label="Team" className="divide-y divide-gray-100">
          {list.map((account) => (
            <AccountRow
              key={account._id}
              account={account}
              mayChangeRoles={can('changeAccountRole')}
              mayHandOver={can('handOverOwnership')}
              mayRemove={can('removeAdministrator')}
              onRole={(role) => open({ kind: 'role', account, role })}
              onHandOver={() => open({ kind: 'owner', account })}
              onRemove={() => open({ kind: 'remove', account })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={dialogTitle(pending)}
        message={dialogMessage(pending)}
        confirmLabel={pending ? confirmLabels[pending.kind] : 'Confirm'}
        busy={remove.isPending || changeRole.isPending || handOver.isPending}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

/**
 * /admin/administrators: the team — who may sign in and with which role, changing a role and
 * handing ownership over (each after a confirm dialog), invitations with a role, and removing an
 * account.
 */
export default function AdministratorsScreen() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl space-y-6">
      <ScreenHeader
        headingId={headingId}
        title={administratorsScreen.title}
        description="Invite the people who run the site with you, give each the role they need, and remove those who no longer do."
      />
      <AdministratorsCard />
      <InviteCard />
      <InvitationsCard />
    </section>
  );
}
