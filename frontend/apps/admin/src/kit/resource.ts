import type { PresenceKind } from '@atelier/api-client/api';
import type { ApiError } from '@atelier/api-client/http';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { HistoryBinding } from './history/history-panel';
import type { ListState, ListStatePatch } from './list/list-state';

/** Every record the API returns carries `_id`. */
export interface Identified {
  _id: string;
  /** The record's version: an update sends it (see `kit/versions`). */
  version?: number;
}

/** What a list hook gives the kit, whatever shape the call answers with. */
export interface RowsResult<TRow> {
  rows: readonly TRow[];
  /** All matching records on the server (server mode) or all rows (client mode). */
  total: number;
  /** The server stopped counting at `total` (a search's bounded count): more records match. */
  totalCapped?: boolean;
  isPending: boolean;
  error: ApiError | null;
  refetch: () => unknown;
}

export interface Column<TRow> {
  header: string;
  cell: (row: TRow) => ReactNode;
  /** Classes for the cells, e.g. 'hidden md:table-cell' to drop a column on phones. */
  className?: string;
}

/** What a form's `around` tells the form it wraps. */
export interface AroundForm {
  /** Whether what it shows besides the form holds unsaved edits: leaving then asks first too. */
  setUnsaved: (unsaved: boolean) => void;
  /** Whether the form itself is shown: Ctrl+S (Cmd+S) saves it only then. */
  setShown: (shown: boolean) => void;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface ListFilter<TRow> {
  /** Its name in the address, e.g. `status`. */
  key: string;
  label: string;
  options: readonly FilterOption[];
  /** The option meaning "no filter", e.g. 'All Status'. */
  allLabel: string;
  /** Chips for a few options; a select otherwise. */
  kind?: 'select' | 'chips';
  /** Client mode: whether a row passes the chosen value. */
  match?: (row: TRow, value: string) => boolean;
}

export interface ListSort<TRow> {
  value: string;
  label: string;
  /** Client mode: the order. */
  compare?: (a: TRow, b: TRow) => number;
}

export type RowAction = 'view' | 'edit' | 'delete';

/** How a screen's list looks and where its rows come from. */
export interface ListDefinition<TRow> {
  /**
   * `client`: the hook returns every row and the kit searches, filters, sorts and pages them.
   * `server`: the hook receives the state and returns one page and the total.
   */
  mode: 'client' | 'server';
  useRows: (state: ListState) => RowsResult<TRow>;
  search?: { placeholder: string; text?: (row: TRow) => string };
  filters?: readonly ListFilter<TRow>[];
  sorts?: readonly ListSort<TRow>[];
  /** Page sizes to offer; the first is the default. Leave out to show every row. */
  pageSizes?: readonly number[];
  /** The page size at first; the first of `pageSizes` when left out. */
  defaultPageSize?: number;
  /** How the page-size menu names a size, e.g. 'All' for the largest. */
  pageSizeLabel?: (size: number) => string;
  /**
   * More address keys the screen reads itself (`state.filters[key]`), e.g. the advanced filters
   * a dialog sets; kept in the query string like the declared filters.
   */
  addressKeys?: readonly string[];
  /**
   * Server mode: the record an address names (`edit/:id`, `view/:id`) when it is not on the page
   * shown, e.g. a dashboard link to an older project. `id` is '' when none is named.
   */
  useRecord?: (id: string) => { record: TRow | undefined; isPending: boolean };
  /** Extra controls in the toolbar, after search, selects and sort (e.g. a filter dialog). */
  toolbarExtra?: (state: ListState, update: (patch: ListStatePatch) => void) => ReactNode;
  /** A table when given; otherwise `card` renders a grid. */
  columns?: readonly Column<TRow>[];
  card?: (row: TRow, actions: ReactNode) => ReactNode;
  /** Cards in a responsive grid (default) or one per line. */
  layout?: 'grid' | 'list';
  /** The empty text, which may depend on the search and filters. */
  empty: string | ((state: ListState) => string);
  /** Buttons on each row, in this order. */
  actions: readonly RowAction[];
  /** Extra controls on a row, before the standard actions (status menus, move arrows). */
  rowControls?: (row: TRow, rows: readonly TRow[]) => ReactNode;
  /** Names the row in buttons' accessible names: 'Edit Flutter'. */
  rowLabel: (row: TRow) => string;
  /** Classes for a card or row, e.g. to mark pending testimonials. */
  rowClassName?: (row: TRow) => string;
}

export interface FormDefinition<TRow, TValues extends FieldValues, TInput> {
  /** `modal` over the list, `inline` as a panel above it. */
  variant: 'modal' | 'inline';
  schema: ZodType<TValues>;
  defaults: TValues;
  /** Create only: defaults that depend on the rows, e.g. the next order number. */
  newDefaults?: (rows: readonly TRow[]) => Partial<TValues>;
  fromRecord: (row: TRow) => TValues;
  toInput: (values: TValues, row?: TRow) => TInput;
  /** The fields, laid out; `mode` tells create from edit. */
  fields: (mode: 'create' | 'edit') => ReactNode;
  titles: { create: string; edit: string };
  /**
   * The record's kind for presence: while a record is edited, a banner says who else has it open
   * ("Ana is editing this since …"). Absent: no presence.
   */
  presence?: PresenceKind;
  submitLabels?: { create: string; edit: string };
  /**
   * The record's revision history: a 'History' button beside the form's buttons while editing,
   * opening the kit's history panel; a restored version fills the form.
   */
  history?: HistoryBinding<TRow, TValues> & { label: (row: TRow) => string };
  /**
   * The record as the public site would show it, from the form's values (unsaved changes
   * included): a 'Preview' button beside the form's buttons opens it in the kit's `SitePreview`.
   * Called as a component, so it may use hooks (lookups of names).
   */
  preview?: (props: { values: TValues; row: TRow | undefined }) => ReactNode;
  /** Above the fields while editing: what the record's state asks the reader to know (a review note). */
  notice?: (props: { row: TRow }) => ReactNode;
  /**
   * While editing: wraps the record's form, e.g. in language tabs whose first tab is the form
   * itself (`children`) and whose others edit the record's translations. Called as a component;
   * `form` is how it tells the form about what it shows besides ([`AroundForm`]).
   */
  around?: (props: { row: TRow; children: ReactNode; form: AroundForm }) => ReactNode;
  /**
   * Workflow buttons beside the form's own (submit for review, publish): each saves the form first
   * with `saveThen`, then takes its step on the saved record. Called as a component.
   */
  actions?: (props: FormActionProps<TRow>) => ReactNode;
}

/** What a form's workflow buttons get. */
export interface FormActionProps<TRow> {
  /** The record edited; absent while creating. */
  row: TRow | undefined;
  /** A save or a step is running. */
  busy: boolean;
  /**
   * Saves the form as its submit button does (checks, version, conflicts), then runs `step` on the
   * record the server answered; `step` answers the success message, and the form closes. A step
   * that fails shows its error in the form, as a failed save does.
   */
  saveThen: (step: (saved: TRow) => Promise<string>) => Promise<void>;
}

/**
 * What the kit uses of a generated mutation hook. The variables appear only as an argument, so a
 * hook whose body is wider (an update's all-optional fields) serves where a creation's is given.
 */
type MutationHook<TVariables> = () => {
  mutateAsync: (variables: TVariables) => Promise<unknown>;
  isPending: boolean;
};

export interface ResourceApi<TInput, TRow = unknown> {
  useCreate?: MutationHook<{ data: TInput }>;
  useUpdate?: MutationHook<{ id: string; data: TInput & { version: number } }>;
  useDelete?: MutationHook<{ id: string }>;
  /** Query-key prefixes (API paths) whose data a write changes, e.g. `['/tags']`. */
  invalidates: readonly string[];
  /**
   * The `operationId`s of the writes, so the kit shows their controls (the add button, a row's
   * edit and delete, the form) only to roles that may call them.
   */
  operations?: { create?: string; update?: string; delete?: string };
  /**
   * A rule of the resource's own about which rows the signed-in person may change, beyond the
   * role table (a Contributor changes no published post): a hook, so it may read the session.
   */
  useMayUpdate?: () => (row: TRow) => boolean;
}

export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  deleteQuestion: string;
  /** "Failed to fetch X" etc. are derived from this plural noun, e.g. 'tags'. */
  plural: string;
  /** One record in a sentence ("Ada changed this tag at …"); 'record' by default. */
  singular?: string;
  /** The banner of a failed create or update; "Failed to create X" and the like by default. */
  saveError?: (error: unknown) => string;
  /** Shown instead of the list when loading fails: `error` is the message. */
  loadError?: (error: string) => string;
}

/** One back-office screen built on the kit: a list, its form and its messages. */
export interface ResourceDefinition<TRow extends Identified, TValues extends FieldValues, TInput> {
  title: string;
  /** 'Add Category' */
  addLabel?: string;
  /** A line under the title. */
  description?: string;
  list: ListDefinition<TRow>;
  form?: FormDefinition<TRow, TValues, TInput>;
  /** The body of the view dialog, when the list offers 'view'. */
  view?: (row: TRow) => ReactNode;
  /** Controls beside the title that act on the list as shown (an export of its search and filters). */
  headerActions?: (state: ListState) => ReactNode;
  api: ResourceApi<TInput, TRow>;
  messages: ResourceMessages;
}

/** Declares a screen; the identity function keeps the generics inferred in one place. */
export const defineResource = <TRow extends Identified, TValues extends FieldValues, TInput>(
  definition: ResourceDefinition<TRow, TValues, TInput>,
) => definition;

/** Adapts a generated query hook's result to the kit's rows. */
export const fromQuery = <TData, TRow>(
  query: {
    data: TData;
    isPending: boolean;
    error: ApiError | null;
    refetch: () => unknown;
  },
  select: (data: NonNullable<TData>) => {
    rows: readonly TRow[];
    total?: number;
    totalCapped?: boolean;
  },
): RowsResult<TRow> => {
  const selected =
    query.data === undefined || query.data === null
      ? { rows: [] as readonly TRow[] }
      : select(query.data as NonNullable<TData>);
  return {
    rows: selected.rows,
    total: selected.total ?? selected.rows.length,
    totalCapped: 'totalCapped' in selected ? selected.totalCapped : undefined,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
};
