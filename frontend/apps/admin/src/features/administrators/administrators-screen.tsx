import {
  type Administrator,
  getListAdministratorsQueryKey,
  useListAdministrators,
  useRemoveAdministrator,
} from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Spinner } from '@atelier/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Card } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { ScreenHeader } from '@/kit/screen-header';
import { shortDate } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';

import { ADMIN_MESSAGES, dangerButton } from './admin-messages';
import { InvitationsCard, InviteCard } from './invitation-cards';
import { administratorsScreen } from './screen';

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
        title={administratorsScreen.title}
        description="Invite the people who run the site with you; remove those who no longer do."
      />
      <AdministratorsCard />
      <InviteCard />
      <InvitationsCard />
    </section>
  );
}
