import { useId, useState } from 'react';
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
}: MultiPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const chosen = new Set(value);
  const atMax = max !== undefined && value.length >= max;
  const needle = query.trim().toLowerCase();
  const shown = options.filter((option) => option.label.toLowerCase().includes(needle));
  const toggle = (option: string) => {
    if (chosen.has(option)) onChange(value.filter((item) => item !== option));
    else if (!atMax) onChange([...value, option]);
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
      {options.length > 8 && (
        <input
          type="search"
          aria-label={`Search ${label.toLowerCase()}`}
          placeholder="Search…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${inputClass} mb-2`}
        />
      )}
      {loading ? (
        <p className="text-sm text-gray-500">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-gray-500">{emptyText}</p>
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
