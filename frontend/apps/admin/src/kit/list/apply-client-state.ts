import type { ListDefinition } from '../resource';
import type { ListState } from './list-state';

const normalize = (text: string) => text.toLocaleLowerCase().normalize('NFKD');

/** Client mode: the rows that pass the search and filters, in the chosen order. */
export const applyClientState = <TRow>(
  rows: readonly TRow[],
  state: ListState,
  list: Pick<ListDefinition<TRow>, 'search' | 'filters' | 'sorts'>,
): readonly TRow[] => {
  const needle = normalize(state.q.trim());
  const text = list.search?.text;
  let result = rows.filter((row) => {
    if (needle && text && !normalize(text(row)).includes(needle)) return false;
    for (const filter of list.filters ?? []) {
      const value = state.filters[filter.key];
      if (value && filter.match && !filter.match(row, value)) return false;
    }
    return true;
  });
  const compare = list.sorts?.find((sort) => sort.value === state.sort)?.compare;
  if (compare) result = [...result].sort(compare);
  return result;
};

/** The rows of `page` (from 1) of `size`. */
export const pageOf = <TRow>(rows: readonly TRow[], page: number, size: number) =>
  rows.slice((page - 1) * size, page * size);
