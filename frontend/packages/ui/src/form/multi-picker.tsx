import { type KeyboardEvent, useId, useState } from 'react';
import { inputClass } from './form-field';

export interface PickerOption {
  value: string;
  label: string;
  /** A dot before the label, e.g. a tag's colour. */
  color?: string;
}

export interface MultiPickerProps {
  label: string;
  options: readonly PickerOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** At most this many may be chosen; further choices are blocked with `maxMessage`. */
  max?: number;
  maxMessage?: (max: number) => string;
  /** Shown when there is nothing to choose from. */
  emptyText: string;
  loading?: boolean;
  error?: string | undefined;
  /**
   * Offers to create an option from the text typed in the search box when no option has that
   * name: a 'Create tag “x”' button (and Enter in the box). Resolves to the new option's value,
   * which is then chosen; a rejection's message is shown under the picker.
   */
  onCreate?: (name: string) => Promise<string>;
  /** The create button's words for a name: 'Create tag “x”'. */
  createLabel?: (name: string) => string;
}

/** Chooses several options from a searchable list of checkboxes, with an optional maximum. */
export function MultiPicker({
  label,
  options,
  value,
  onChange,
  max,
  maxMessage,
  emptyText,
  loading = false,
  error,
  onCreate,
  createLabel = (name) => `Create “${name}”`,
}: MultiPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState('');
  const chosen = new Set(value);
  const atMax = max !== undefined && value.length >= max;
  const needle = query.trim().toLowerCase();
  const shown = options.filter((option) => option.label.toLowerCase().includes(needle));
  const toggle = (option: string) => {
    if (chosen.has(option)) onChange(value.filter((item) => item !== option));
    else if (!atMax) onChange([...value, option]);
  };
  const name = query.trim();
  const canCreate =
    onCreate !== undefined &&
    !loading &&
    name !== '' &&
    !options.some((option) => option.label.toLowerCase() === needle);
  const create = async () => {
    if (!onCreate || !canCreate || creating) return;
    if (atMax) {
      setCreateError(max !== undefined && maxMessage ? maxMessage(max) : '');
      return;
    }
    setCreating(true);
    setCreateError('');
    try {
      const created = await onCreate(name);
      onChange([...value, created]);
      setQuery('');
    } catch (failure) {
      setCreateError(failure instanceof Error && failure.message ? failure.message : 'Not created');
    } finally {
      setCreating(false);
    }
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter never submits the form from here: it creates the typed name, or chooses the only match.
    event.preventDefault();
    if (canCreate) void create();
    else if (shown.length === 1 && shown[0] && !chosen.has(shown[0].value)) toggle(shown[0].value);
  };
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-700">{label}</legend>
      {value.length > 0 && (
        <ul aria-label={`Selected ${label.toLowerCase()}`} className="mb-2 flex flex-wrap gap-2">
          {value.map((item) => {
            const option = options.find((candidate) => candidate.value === item);
            const name = option?.label ?? item;
            return (
              <li
                key={item}
                className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-800"
              >
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => toggle(item)}
                  className="rounded-full px-1.5 leading-none hover:bg-blue-100"
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {(options.length > 8 || onCreate) && (
        <input
          type="search"
          aria-label={
            onCreate ? `Search or create ${label.toLowerCase()}` : `Search ${label.toLowerCase()}`
          }
          placeholder={onCreate ? 'Search, or type a new name…' : 'Search…'}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setCreateError('');
          }}
          onKeyDown={onSearchKey}
          className={`${inputClass} mb-2`}
        />
      )}
      {canCreate && (
        <button
          type="button"
          onClick={() => void create()}
          disabled={creating}
          className="mb-2 inline-flex items-center gap-1 rounded-lg border border-dashed border-blue-400 bg-blue-50 px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-blue-100 disabled:cursor-wait disabled:opacity-60"
        >
          <span aria-hidden="true">+</span>
          {creating ? 'Creating…' : createLabel(name)}
        </button>
      )}
      {createError && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {createError}
        </p>
      )}
      {loading ? (
        <p className="text-sm text-gray-500">Loading…</p>
      ) : shown.length === 0 ? (
        canCreate ? null : (
          <p className="text-sm text-gray-500">{emptyText}</p>
        )
      ) : (
        <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-gray-200 p-2 sm:grid-cols-2">
          {shown.map((option) => {
            const checked = chosen.has(option.value);
            return (
              <li key={option.value}>
                <label
                  className={`flex items-center gap-2 rounded px-2 py-1 text-sm ${
                    !checked && atMax ? 'cursor-not-allowed text-gray-400' : 'hover:bg-gray-50'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && atMax}
                    onChange={() => toggle(option.value)}
                    className="h-4 w-4 rounded border-gray-300 text-blue-600"
                  />
                  {option.color && (
                    <span
                      aria-hidden="true"
                      className="h-2.5 w-2.5 rounded-full"
                      style={{ backgroundColor: option.color }}
                    />
                  )}
                  {option.label}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="mt-1 text-xs text-amber-700">
        {atMax && max !== undefined && maxMessage ? maxMessage(max) : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
