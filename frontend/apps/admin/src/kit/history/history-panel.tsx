import type { Revision } from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Modal } from '@atelier/ui/modal';
import { relativeTime } from '@atelier/ui/relative-time';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { failedTo, serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { LoadError } from '../feedback/load-error';
import { invalidatePrefixes } from '../invalidate';
import { ServerMarkdown } from '../preview/server-markdown';
import { shortDateTime } from '../values';
import { ChangesView, type HistoryField } from './diff-view';

/** What a query hook gives the panel. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A kind of record with a revision history (posts, projects, content pages), bound to its
 * generated hooks. `key` is what the record's address names it by (its `_id`, a page's type).
 */
export interface HistoryBinding<TRecord, TValues> {
  /** 'post', 'project', 'page'. */
  noun: string;
  useRevisions: (key: string) => QueryLike<readonly Revision[]>;
  useRevision: (
    key: string,
    revisionId: string,
  ) => QueryLike<{ revision: Revision; snapshot: TRecord }>;
  useRestore: () => {
    mutateAsync: (variables: { key: string; revisionId: string }) => Promise<TRecord>;
    isPending: boolean;
  };
  /** The fields compared, in the form's order; may read lookups (category and tag names). */
  useFields: () => readonly HistoryField<TValues>[];
  /** Query-key prefixes (API paths) a restore changes. */
  invalidates: readonly string[];
  /** A version as visitors would see it; the compared markdown rendered by default. */
  preview?: (values: TValues) => ReactNode;
}

export interface HistoryPanelProps<TRecord, TValues> {
  binding: HistoryBinding<TRecord, TValues>;
  recordKey: string;
  /** Names the record in the title: the post's title. */
  label: string;
  onClose: () => void;
  /** The form's values now, unsaved changes included. */
  current: () => TValues;
  toValues: (record: TRecord) => TValues;
  /** Whether the form has unsaved changes (restoring would replace them). */
  dirty: boolean;
  /** After a restore: the record as the server saved it. */
  onRestored: (record: TRecord) => void;
}

export const HISTORY_EMPTY =
  'No earlier versions yet. Each save keeps the version it replaces, so you can compare and restore it here.';

const listButton =
  'block w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The versions, newest first; Up/Down, Home and End move between them. */
function RevisionList({
  revisions,
  selected,
  onSelect,
}: {
  revisions: readonly Revision[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = revisions.length - 1;
    const to =
      event.key === 'ArrowDown'
        ? Math.min(last, at + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    buttons.current[to]?.focus();
  };
  return (
    <ul aria-label="Versions, newest first" className="space-y-2" onKeyDown={onKeyDown}>
      {revisions.map((revision, index) => {
        const current = revision._id === selected;
        return (
          <li key={revision._id}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(revision._id)}
              className={`${listButton} ${
                current
                  ? 'border-blue-500 bg-blue-50 text-blue-950'
                  : 'border-gray-200 bg-white text-gray-800 hover:bg-gray-50'
              }`}
            >
              <span className="block font-semibold">
                <time dateTime={revision.savedAt}>{shortDateTime(revision.savedAt)}</time>
              </span>
              <span className="block text-xs text-gray-600">
                Replaced by {revision.authorName},{' '}
                <time dateTime={revision.createdAt} title={shortDateTime(revision.createdAt)}>
                  {relativeTime(revision.createdAt)}
                </time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <LoadingPlaceholder label="Loading versions…" className="space-y-2">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="rounded-lg border border-gray-200 p-3">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-2 h-3 w-1/2" />
        </div>
      ))}
    </LoadingPlaceholder>
  );
}

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

function RevisionDetail<TRecord, TValues>({
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

/**
 * A record's revision history in a dialog: the kept versions, newest first (who replaced each and
 * when), the one chosen compared with the form's current text (changed fields word by word, the
 * markdown line by line) or previewed, and 'Restore this version' — asked first, and asked more
 * plainly when the form has unsaved changes — which saves it as a new version and hands the saved
 * record back to the form. Below 768 px the list and the chosen version take turns.
 */
export function HistoryPanel<TRecord, TValues>(props: HistoryPanelProps<TRecord, TValues>) {
  const { binding, recordKey, label, onClose } = props;
  const revisions = binding.useRevisions(recordKey);
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const [selected, setSelected] = useState('');
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moveFocus = useRef(false);
  const list = revisions.data ?? [];
  // On a wide screen the newest version is shown at once.
  const shown = selected || (wide ? (list[0]?._id ?? '') : '');

  const choose = (id: string) => {
    moveFocus.current = !wide;
    setSelected(id);
  };

  let body: ReactNode;
  if (revisions.isPending) body = <ListSkeleton />;
  else if (revisions.error) {
    body = (
      <LoadError
        message={serverMessageOr(revisions.error, `Failed to fetch the ${binding.noun}'s history`)}
        onRetry={revisions.refetch}
      />
    );
  } else if (list.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-sm text-gray-600">
        {HISTORY_EMPTY}
      </p>
    );
  } else {
    const detail = shown ? (
      <RevisionDetail
        key={shown}
        {...props}
        revisionId={shown}
        headingRef={(element) => {
          // Chosen on a narrow screen, the version replaces the list: the focus goes to its
          // heading once it has loaded.
          heading.current = element;
          if (element && moveFocus.current) {
            moveFocus.current = false;
            element.focus();
          }
        }}
        onRestored={(record) => {
          props.onRestored(record);
          onClose();
        }}
      />
    ) : null;
    body = wide ? (
      <div className="grid grid-cols-[16rem_1fr] gap-6">
        <div className="max-h-[65vh] overflow-y-auto pr-1">
          <RevisionList revisions={list} selected={shown} onSelect={choose} />
        </div>
        <div className="min-w-0">{detail}</div>
      </div>
    ) : detail ? (
      <div className="space-y-3">
        <button
          type="button"
          onClick={() => setSelected('')}
          className="text-sm font-medium text-blue-700 hover:underline"
        >
          ← All versions
        </button>
        {detail}
      </div>
    ) : (
      <RevisionList revisions={list} selected={shown} onSelect={choose} />
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`History: ${label}`}
      description="Each save keeps the version it replaces (the 50 newest). Choose one to compare it with the current text, then restore it if you need it."
      size="xl"
    >
      {body}
    </Modal>
  );
}
