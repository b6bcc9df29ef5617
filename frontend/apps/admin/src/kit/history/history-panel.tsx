import { Modal } from '@atelier/ui/modal';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { type ReactNode, useRef, useState } from 'react';
import { serverMessageOr } from '../errors';
import { LoadError } from '../feedback/load-error';
import type { HistoryPanelProps } from './history-binding';
import { RevisionDetail } from './revision-detail';
import { ListSkeleton, RevisionList } from './revision-list';

export type { HistoryBinding, HistoryPanelProps, QueryLike } from './history-binding';

export const HISTORY_EMPTY =
  'No earlier versions yet. Each save keeps the version it replaces, so you can compare and restore it here.';

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
