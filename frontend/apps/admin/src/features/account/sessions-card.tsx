import {
  getListSessionsQueryKey,
  type SignedInSession,
  useListSessions,
  useSignOutOtherSessions,
  useSignOutSession,
} from '@atelier/api-client/api';
import { Spinner } from '@atelier/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, secondaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { shortDateTime } from '@/kit/values';

export const SESSION_MESSAGES = {
  loadFailed: 'Failed to fetch sessions',
  signedOut: 'Session signed out',
  signOutFailed: 'Failed to sign the session out',
  othersFailed: 'Failed to sign out the other sessions',
} as const;

const dangerButton =
  'rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: SignedInSession;
  busy: boolean;
  onSignOut: (session: SignedInSession) => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-gray-600" title={session.userAgent || undefined}>
          {session.address || 'Unknown address'} · signed in {shortDateTime(session.createdAt)} ·
          last used {shortDateTime(session.lastUsedAt)}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className={dangerButton}
          disabled={busy}
          aria-label={`Sign out ${session.device}, ${session.address}`}
          onClick={() => onSignOut(session)}
        >
          Sign out
        </button>
      )}
    </li>
  );
}

/**
 * The administrator's live sessions (GET /auth/sessions): where each was opened and when it was
 * last used, with "Sign out" for each other one and "Sign out everywhere else".
 */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const sessions = useListSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [pending, setPending] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListSessionsQueryKey() });

  const onSignOut = async (session: SignedInSession) => {
    setPending(session._id);
    try {
      await signOut.mutateAsync({ id: session._id });
      banners.success(SESSION_MESSAGES.signedOut);
    } catch (error) {
      banners.error(serverMessageOr(error, SESSION_MESSAGES.signOutFailed));
    } finally {
      setPending(null);
      await refresh();
    }
  };
  const onSignOutOthers = async () => {
    try {
      const answer = await signOutOthers.mutateAsync();
      banners.success(answer.message);
    } catch (error) {
      banners.error(serverMessageOr(error, SESSION_MESSAGES.othersFailed));
    } finally {
      await refresh();
    }
  };

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <Card
      title="Sessions"
      description="Where you are signed in. Sign out any session you do not recognise."
      footer={
        <button
          type="button"
          className={secondaryButton}
          disabled={others === 0 || signOutOthers.isPending}
          onClick={() => void onSignOutOthers()}
        >
          {signOutOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
        </button>
      }
    >
      {sessions.isPending ? (
        <Spinner label="Loading sessions…" />
      ) : sessions.isError ? (
        <LoadError
          message={serverMessageOr(sessions.error, SESSION_MESSAGES.loadFailed)}
          onRetry={sessions.refetch}
        />
      ) : (
        <ul aria-label="Your sessions" className="divide-y divide-gray-100">
          {list.map((session) => (
            <SessionRow
              key={session._id}
              session={session}
              busy={pending === session._id}
              onSignOut={(chosen) => void onSignOut(chosen)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
