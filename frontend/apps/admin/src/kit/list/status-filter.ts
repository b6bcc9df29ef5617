//! The 'Status' filter of a client list whose rows carry a `status`.
import type { FilterOption, ListFilter } from '../resource';

/** Shown on the site or not: the statuses of services, categories and technologies. */
export const ACTIVE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const satisfies readonly FilterOption[];

/**
 * The list's `status` filter: `options` (shown or not by default), 'All Status' meaning none
 * (`look` changes the words or makes it chips), matching each row's `status`.
 */
export const rowStatusFilter = <TRow extends { status: string }>(
  options: readonly FilterOption[] = ACTIVE_STATUSES,
  look: Partial<Pick<ListFilter<TRow>, 'allLabel' | 'kind'>> = {},
): ListFilter<TRow> => ({
  key: 'status',
  label: 'Status',
  allLabel: 'All Status',
  ...look,
  options,
  match: (row, value) => row.status === value,
});
