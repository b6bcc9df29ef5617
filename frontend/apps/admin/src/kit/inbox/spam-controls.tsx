import type { ApiError } from '@atelier/api-client/http';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRowAction } from '../list/use-row-action';

/**
 * The inbox's folders (docs/spam.md): the records let in, and those kept as spam, sent to the
 * server as `spam=true` (`filters.folder`). An inbox declares `folder: SPAM_FOLDER`.
 */
export const SPAM_FOLDER = {
  label: 'Folder',
  allLabel: 'Inbox',
  options: [{ value: 'spam', label: 'Spam' }],
} as const;

/** Whether the list state shows the Spam folder: the list's `spam` parameter. */
export const showsSpam = (filters: Readonly<Record<string, string | undefined>>) =>
  filters.folder === 'spam' ? true : undefined;

export interface NotSpamProps {
  recordId: string;
  version: number;
  /** The screen's update mutation (`useUpdateContact`, `useUpdateProjectRequest`). */
  useUpdate: () => UseMutationResult<
    unknown,
    ApiError,
    { id: string; data: { spam?: boolean | null; version: number } },
    unknown
  >;
  invalidates: readonly string[];
  /** Where it goes: 'the inbox', 'the pipeline'. */
  destination: string;
  failure: string;
}

/**
 * A record kept as spam: says so, and "Not spam" moves it into the normal list (an update of the
 * record, so it is versioned and audited). Deleting it is the detail's usual delete.
 */
export function NotSpam({
  recordId,
  version,
  useUpdate,
  invalidates,
  destination,
  failure,
}: NotSpamProps) {
  const move = useRowAction(useUpdate(), invalidates);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3">
      <p className="text-sm text-amber-900">
        Kept as spam: it filled a field people never see. Spam is deleted 30 days after it arrived.
      </p>
      <button
        type="button"
        disabled={move.busy}
        onClick={() =>
          void move.run(
            { id: recordId, data: { spam: false, version } },
            `Moved to ${destination}`,
            failure,
          )
        }
        className="rounded-full border border-amber-400 bg-white px-4 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60"
      >
        Not spam
      </button>
    </div>
  );
}
