import type { ApiError } from '@atelier/api-client/http';
import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { invalidatePrefixes } from '../invalidate';
import { shortDateTime } from '../values';
import { staleConflictOf } from '../versions/merge';

/**
 * The banner after a one-click change met a newer version: nothing was saved, the screen shows
 * their version now, and the same click applies the change to it.
 */
export const staleActionText = (name: string | undefined, at: string | null | undefined) =>
  `${name ?? 'Someone'} changed this${at ? ` at ${shortDateTime(at)}` : ''}. It shows their version now: choose again to change it.`;

/**
 * A write from a row's own control (a move arrow, a status menu): runs the generated mutation,
 * refreshes `invalidates`, and raises the success banner or the server's message (else `failure`).
 * A stale answer (someone saved the record since it was read) refreshes too, so the control shows
 * their version and the person decides again: leaving it takes theirs, the same click again keeps mine.
 */
export const useRowAction = <TVariables>(
  mutation: UseMutationResult<unknown, ApiError, TVariables, unknown>,
  invalidates: readonly string[],
) => {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const run = async (variables: TVariables, success: string, failure: string) => {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync(variables);
      await invalidatePrefixes(queryClient, invalidates);
      banners.success(success);
    } catch (error) {
      const stale = staleConflictOf(error);
      if (stale) {
        await invalidatePrefixes(queryClient, invalidates);
        banners.error(staleActionText(stale.changedBy?.name, stale.changedAt));
      } else banners.error(serverMessageOr(error, failure));
    }
  };
  return { run, busy: mutation.isPending };
};
