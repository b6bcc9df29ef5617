//! Deleting a kit list's row through the confirm dialog: the row asked about, the call, and the
//! reason shown in the dialog when it fails.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failedTo, serverMessageOr } from '../errors';
import { ERROR_BANNER_MS, useBanners } from '../feedback/banners';
import { useTimedMessage } from '../feedback/use-timed-message';
import { invalidatePrefixes } from '../invalidate';
import type { Identified, ResourceApi, ResourceMessages } from '../resource';

export const useDeleteRow = <TRow extends Identified, TInput>(
  api: ResourceApi<TInput, TRow>,
  messages: ResourceMessages,
) => {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const remove = api.useDelete?.();
  const [pending, setPending] = useState<TRow | null>(null);
  const failure = useTimedMessage(ERROR_BANNER_MS);

  const confirm = async () => {
    if (!pending || !remove) return;
    failure.clear();
    try {
      await remove.mutateAsync({ id: pending._id });
      await invalidatePrefixes(queryClient, api.invalidates);
      banners.success(messages.deleted);
      setPending(null);
    } catch (error) {
      // The dialog stays open with the reason, announced inside it.
      failure.show(serverMessageOr(error, failedTo('delete', messages.plural)));
    }
  };
  const cancel = () => {
    failure.clear();
    setPending(null);
  };

  return {
    /** The row the dialog asks about. */
    pending,
    ask: setPending,
    confirm,
    cancel,
    busy: remove?.isPending ?? false,
    error: failure.message,
  };
};
