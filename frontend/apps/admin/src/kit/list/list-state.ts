import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A list's state as the address carries it: `?q=&page=&size=&sort=&<filter>=`. */
export interface ListState {
  q: string;
  page: number;
  size: number;
  sort: string;
  filters: Readonly<Record<string, string>>;
}

export interface ListStateOptions {
  filterKeys: readonly string[];
  pageSizes: readonly number[];
  defaultSize: number;
  defaultSort: string;
}

const RESERVED = ['q', 'page', 'size', 'sort'];

const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
};

/** Reads the list's state from `params`, ignoring values the screen does not offer. */
export const parseListState = (params: URLSearchParams, options: ListStateOptions): ListState => {
  const size = positiveInt(params.get('size'));
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    q: params.get('q') ?? '',
    page: positiveInt(params.get('page')) ?? 1,
    size: size !== undefined && options.pageSizes.includes(size) ? size : options.defaultSize,
    sort: params.get('sort') || options.defaultSort,
    filters,
  };
};

export type ListStatePatch = Partial<Omit<ListState, 'filters'>> & {
  filters?: Readonly<Record<string, string>>;
};

/** Writes `state` into a query string, leaving out defaults so addresses stay short. */
export const listStateParams = (
  state: ListState,
  options: ListStateOptions,
  base = new URLSearchParams(),
): URLSearchParams => {
  const params = new URLSearchParams(base);
  for (const key of [...RESERVED, ...options.filterKeys]) params.delete(key);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== options.defaultSize) params.set('size', String(state.size));
  if (state.sort !== options.defaultSort) params.set('sort', state.sort);
  for (const key of options.filterKeys) {
    const value = state.filters[key];
    if (value) params.set(key, value);
  }
  return params;
};

/**
 * The list's state in the address, so reload, back/forward and coming back from an edit keep it.
 * Any change but a page change goes back to page 1. Typing a search replaces the history entry;
 * other changes push one.
 */
export const useListState = (options: ListStateOptions) => {
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are declared once per screen
  const state = useMemo(() => parseListState(params, options), [params]);
  // The router's `current` is the address of the last render: two changes before the next render
  // (a debounced search, then a click) must build on each other, so the last one written is kept.
  const written = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a rendered address makes the kept one stale
  useEffect(() => {
    written.current = null;
  }, [params]);

  const update = useCallback(
    (patch: ListStatePatch) => {
      setParams(
        (rendered) => {
          const current = written.current ?? rendered;
          const now = parseListState(current, options);
          const next: ListState = {
            ...now,
            ...patch,
            filters: { ...now.filters, ...patch.filters },
            page: patch.page ?? 1,
          };
          const result = listStateParams(next, options, current);
          written.current = result;
          return result;
        },
        { replace: Object.keys(patch).length === 1 && 'q' in patch },
      );
    },
    [setParams, options],
  );
  return [state, update] as const;
};
