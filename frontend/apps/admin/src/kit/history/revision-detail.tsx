//! One kept version in the history panel: compared with the form or previewed, and restored.
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failedTo, serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { LoadError } from '../feedback/load-error';
import { invalidatePrefixes } from '../invalidate';
import { ServerMarkdown } from '../preview/server-markdown';
import { shortDateTime } from '../values';
import { ChangesView } from './diff-view';
import type { HistoryPanelProps } from './history-binding';

function DetailSkeleton() {
  return (
    <LoadingPlaceholder label="Loading this version…" className="space-y-3">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
    </LoadingPlaceholder>
  );
}

const tabClass =
  'rounded-md px-3 py-1 text-sm font-semibold text-gray-600 hover:text-gray-900 aria-pressed:bg-white aria-pressed:text-blue-700 aria-pressed:shadow-sm';

export function RevisionDetail<TRecord, TValues>({
  binding,
  recordKey,
  revisionId,
  current,
  toValues,
  dirty,
  onRestored,
  headingRef,
}: Omit<HistoryPanelProps<TRecord, TValues>, 'label' | 'onClose'> & {
  revisionId: string;
  headingRef: (element: HTMLHeadingElement | null) => void;
}) {
  const query = binding.useRevision(recordKey, revisionId);
  const fields = binding.useFields();
  const restore = binding.useRestore();
  const queryClient = useQueryClient();
  const banners = useBanners();
  const [view, setView] = useState<'changes' | 'preview'>('changes');
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState('');
  const headingId = useId();

  if (query.isPending) return <DetailSkeleton />;
  if (query.error || !query.data) {
    return (
      <LoadError
        message={serverMessageOr(
          query.error,
          `Failed to fetch this version of the ${binding.noun}`,
        )}
        onRetry={query.refetch}
      />
    );
  }
  const { revision, snapshot } = query.data;
  const before = toValues(snapshot);
  const saved = shortDateTime(revision.savedAt);
  const body = fields.find((field) => field.kind === 'markdown');

  const confirm = async () => {
    setFailure('');
    try {
      const restored = await restore.mutateAsync({ key: recordKey, revisionId });
      await invalidatePrefixes(queryClient, binding.invalidates);
      setAsking(false);
      onRestored(restored);
      banners.success(`The version of ${saved} was restored.`);
    } catch (error) {
      setFailure(serverMessageOr(error, failedTo('update', `${binding.noun}s`)));
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-base font-semibold text-gray-900 focus:outline-none"
          >
            Version saved {saved}
          </h3>
          <p className="text-xs text-gray-600">
            Replaced by {revision.authorName} on {shortDateTime(revision.createdAt)}
          </p>
        </div>
        <button
          type="button"
          onClick={() => {
            setFailure('');
            setAsking(true);
          }}
          className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
        >
          Restore this version
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: two pressed buttons switch the view */}
      <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-gray-100 p-1">
        <button
          type="button"
          aria-pressed={view === 'changes'}
          onClick={() => setView('changes')}
          className={tabClass}
        >
          Changes
        </button>
        <button
          type="button"
          aria-pressed={view === 'preview'}
          onClick={() => setView('preview')}
          className={tabClass}
        >
          Preview
        </button>
      </div>
      {view === 'changes' ? (
        <ChangesView fields={fields} before={before} after={current()} />
      ) : binding.preview ? (
        binding.preview(before)
      ) : body?.text(before) ? (
        <ServerMarkdown source={body.text(before)} className="max-w-none" />
      ) : (
        <p className="text-sm text-gray-600">This version has no text.</p>
      )}
      <ConfirmDialog
        open={asking}
        title="Restore this version?"
        message={
          dirty
            ? `The form has unsaved changes. Restoring replaces them with the version of ${saved}, and they will be lost. The version saved now stays in the history.`
            : `The ${binding.noun} will be saved as it was on ${saved}. The current version stays in the history, so you can go back to it.`
        }
        confirmLabel={dirty ? 'Discard my changes and restore' : 'Restore'}
        busy={restore.isPending}
        busyLabel="Restoring…"
        tone={dirty ? 'danger' : 'primary'}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
