import { inputClass } from '@atelier/ui/form-field';
import { useEffect, useId, useRef, useState } from 'react';
import type { ListDefinition } from '../resource';
import type { ListState, ListStatePatch } from './list-state';
import { OptionsSelect } from './options-select';

/** How long typing rests before the search applies. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListToolbarProps<TRow> {
  list: ListDefinition<TRow>;
  state: ListState;
  update: (patch: ListStatePatch) => void;
}

/** Search, filters and sort of a list, all kept in the address. */
export function ListToolbar<TRow>({ list, state, update }: ListToolbarProps<TRow>) {
  const id = useId();
  const [text, setText] = useState(state.q);
  const applied = useRef(state.q);

  // Back/forward or a link changed the search (not this box's own debounce): show it.
  useEffect(() => {
    if (state.q !== applied.current) {
      applied.current = state.q;
      setText(state.q);
    }
  }, [state.q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing starts the timer
  useEffect(() => {
    if (text === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = text;
      update({ q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const selects = (list.filters ?? []).filter((filter) => filter.kind !== 'chips');
  const chips = (list.filters ?? []).filter((filter) => filter.kind === 'chips');
  if (!list.search && !list.filters?.length && !list.sorts?.length && !list.toolbarExtra) {
    return null;
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {list.search && (
          <div className="min-w-0 flex-1 sm:min-w-64">
            <label htmlFor={`${id}-q`} className="sr-only">
              Search
            </label>
            <input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={list.search.placeholder}
              className={inputClass}
            />
          </div>
        )}
        {selects.map((filter) => (
          <div key={filter.key} className="sm:w-48">
            <label htmlFor={`${id}-${filter.key}`} className="sr-only">
              {filter.label}
            </label>
            <OptionsSelect
              id={`${id}-${filter.key}`}
              value={state.filters[filter.key] ?? ''}
              onChange={(value) => update({ filters: { [filter.key]: value } })}
              allLabel={filter.allLabel}
              options={filter.options}
            />
          </div>
        ))}
        {list.sorts && list.sorts.length > 1 && (
          <div className="sm:w-48">
            <label htmlFor={`${id}-sort`} className="sr-only">
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              value={state.sort}
              onChange={(event) => update({ sort: event.target.value })}
              className={inputClass}
            >
              {list.sorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {list.toolbarExtra?.(state, update)}
      </div>
      {chips.map((filter) => {
        const current = state.filters[filter.key] ?? '';
        const options = [{ value: '', label: filter.allLabel }, ...filter.options];
        return (
          <fieldset key={filter.key} className="flex flex-wrap gap-2">
            <legend className="sr-only">{filter.label}</legend>
            {options.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={current === option.value}
                onClick={() => update({ filters: { [filter.key]: option.value } })}
                className={`rounded-full px-3 py-1 text-sm font-medium transition-colors ${
                  current === option.value
                    ? 'bg-blue-600 text-white'
                    : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
                }`}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
