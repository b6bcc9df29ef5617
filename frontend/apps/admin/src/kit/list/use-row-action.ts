import type { ApiError } from '@atelier/api-client/http';
import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { invalidatePrefixes } from '../invalidate';

/**
 * A write from a row's own control (a move arrow, a status menu): runs the generated mutation,
 * refreshes `invalidates`, and raises the success banner or the server's message (else `failure`).
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
      banners.error(serverMessageOr(error, failure));
    }
  };
  return { run, busy: mutation.isPending };
};
