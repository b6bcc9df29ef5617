//! The history panel's list of kept versions, and its loading placeholder.
import type { Revision } from '@atelier/api-client/api';
import { relativeTime } from '@atelier/ui/relative-time';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { type KeyboardEvent, useRef } from 'react';
import { shortDateTime } from '../values';
import { listKeyTarget } from './list-keys';

const listButton =
  'block w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The versions, newest first; Up/Down, Home and End move between them. */
export function RevisionList({
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
    const to = listKeyTarget(event.key, at, revisions.length);
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

export function ListSkeleton() {
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
