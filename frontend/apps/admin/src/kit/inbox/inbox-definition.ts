import type { ApiError } from '@atelier/api-client/http';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListState, ListStatePatch } from '../list/list-state';
import type { FilterOption, Identified, RowsResult } from '../resource';

/** One page of an inbox and what its header says about the whole of it. */
export interface InboxRows<TRow> extends RowsResult<TRow> {
  /** The line under the title, e.g. '24 messages · 3 unread'. */
  count?: string;
}

/** The record open in the detail pane. */
export interface InboxRecord<TRow> {
  record: TRow | undefined;
  isPending: boolean;
  error: ApiError | null;
}

/** What the detail pane may do to its record. */
export interface DetailControls {
  /** Opens the delete confirmation. */
  requestDelete: () => void;
}

/**
 * A two-pane screen (back-office.md §2 Contact Messages, Project Requests): search, status chips and
 * the list on the left; the selected record, a create form or a prompt on the right. The search,
 * status and page live in the query string, the selection in the path (`contacts/{id}`,
 * `project-requests/new`), so reload and back/forward keep both. Below 1024 px the panes show one
 * at a time, the detail with a back control.
 */
export interface InboxDefinition<TRow extends Identified> {
  title: string;
  description?: string;
  /** The records' noun for the fallbacks, e.g. 'contacts' in 'Failed to fetch contacts'. */
  plural: string;
  search: { placeholder: string };
  status: { label: string; allLabel: string; options: readonly FilterOption[] };
  /** A second set of chips choosing the folder, e.g. the Spam folder (`filters.folder`). */
  folder?: { label: string; allLabel: string; options: readonly FilterOption[] };
  /** Rows per page of the list. */
  pageSize: number;
  /** One page for the state (`q`, `filters.status`, `filters.folder`, `page`, `size`), from the server. */
  useRows: (state: ListState) => InboxRows<TRow>;
  /** The open record by id; `id` is '' when nothing is open (the hook must then stay idle). */
  useRecord: (id: string) => InboxRecord<TRow>;
  /** The content of one list entry (a link: no interactive content inside). */
  row: (row: TRow) => ReactNode;
  /** Names the open record: the detail pane's heading for assistive technology. */
  rowLabel: (row: TRow) => string;
  /** The detail pane of an open record. */
  detail: (row: TRow, controls: DetailControls) => ReactNode;
  /** Above the list, below the header: e.g. the pipeline of statuses. */
  overview?: (state: ListState, update: (patch: ListStatePatch) => void) => ReactNode;
  /** Beside the title: e.g. an export button for the current filter. */
  headerActions?: (state: ListState) => ReactNode;
  /** The create form in the right pane at `{screen}/new`; `done(id)` opens the new record. */
  create?: { label: string; render: (done: (id?: string) => void) => ReactNode };
  remove: {
    useDelete: () => UseMutationResult<unknown, ApiError, { id: string }, unknown>;
    title: (row: TRow) => string;
    question: (row: TRow) => ReactNode;
    success: string;
  };
  /** Query-key prefixes refreshed after every write, e.g. ['/contacts']. */
  invalidates: readonly string[];
  empty: string;
  prompt: string;
  /** The back control's words on narrow screens: 'Back to messages'. */
  backLabel: string;
}

export const defineInbox = <TRow extends Identified>(definition: InboxDefinition<TRow>) =>
  definition;
