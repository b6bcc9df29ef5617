//! What the history panel is given: a kind of record's revision hooks, and the form it serves.
import type { Revision } from '@atelier/api-client/api';
import type { ReactNode } from 'react';
import type { HistoryField } from './diff-view';

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
