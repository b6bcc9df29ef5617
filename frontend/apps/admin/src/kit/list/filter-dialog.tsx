import { inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { Modal } from '@atelier/ui/modal';
import { faFilter } from '@fortawesome/free-solid-svg-icons';
import { useId, useState } from 'react';
import type { FilterOption } from '../resource';
import type { ListState, ListStatePatch } from './list-state';
import { OptionsSelect } from './options-select';

/** One choice of a filter dialog, kept in the address under `key`. */
export type DialogFilter =
  /** A select whose first option, '' (no filter), reads `allLabel`. */
  | {
      kind: 'select';
      key: string;
      label: string;
      allLabel: string;
      options: readonly FilterOption[];
    }
  /** A day (`YYYY-MM-DD`). */
  | { kind: 'date'; key: string; label: string }
  /** Any number of options, ticked, kept comma-separated; 'None yet' while there are none. */
  | { kind: 'checks'; key: string; label: string; options: readonly FilterOption[] };

export interface FilterDialogProps {
  /** The dialog's title: 'Advanced Filters'. */
  title: string;
  filters: readonly DialogFilter[];
  /** A line under the choices, e.g. which of them the server applies. */
  note?: string;
  state: ListState;
  update: (patch: ListStatePatch) => void;
}

/** The values of a `checks` filter as kept in the address. */
export const checkedValues = (raw: string | undefined) =>
  raw ? raw.split(',').filter(Boolean) : [];

function Checks({
  filter,
  chosen,
  onChange,
}: {
  filter: Extract<DialogFilter, { kind: 'checks' }>;
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { options } = filter;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{filter.label}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">None yet</p>
      ) : (
        <div className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
          {options.map((option) => (
            <label
              key={option.value}
              className="inline-flex items-center gap-2 rounded-full border border-gray-300 px-3 py-1 text-sm"
            >
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, option.value]
                      : chosen.filter((value) => value !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * A 'Filters' button (with the number of filters set) opening a dialog of more filters than the
 * toolbar shows: the choices are a draft until 'Apply Filters' puts them in the address;
 * 'Clear Filters' empties them. The list declares the keys in `addressKeys`.
 */
export function FilterDialog({ title, filters, note, state, update }: FilterDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const keys = filters.map((filter) => filter.key);
  const active = keys.filter((key) => state.filters[key]).length;
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const apply = (values: Record<string, string>) => {
    update({ filters: Object.fromEntries(keys.map((key) => [key, values[key] ?? ''])) });
    setOpen(false);
  };
  const field = (filter: DialogFilter) => {
    if (filter.kind === 'checks') return null;
    const fieldId = `${id}-${filter.key}`;
    return (
      <div key={filter.key}>
        <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
          {filter.label}
        </label>
        {filter.kind === 'select' ? (
          <OptionsSelect
            id={fieldId}
            value={draft[filter.key] ?? ''}
            onChange={(value) => set(filter.key, value)}
            allLabel={filter.allLabel}
            options={filter.options}
          />
        ) : (
          <input
            id={fieldId}
            type="date"
            value={draft[filter.key] ?? ''}
            onChange={(event) => set(filter.key, event.target.value)}
            className={inputClass}
          />
        )}
      </div>
    );
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setDraft(Object.fromEntries(keys.map((key) => [key, state.filters[key] ?? ''])));
          setOpen(true);
        }}
        className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <Icon icon={faFilter} className="h-3.5 w-3.5" />
        Filters
        {active > 0 && (
          <>
            {' '}
            <span className="rounded-full bg-blue-600 px-2 text-xs font-semibold text-white">
              {active}
              <span className="sr-only">{' active'}</span>
            </span>
          </>
        )}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={title} size="lg">
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">{filters.map(field)}</div>
          {filters.map((filter) =>
            filter.kind === 'checks' ? (
              <Checks
                key={filter.key}
                filter={filter}
                chosen={checkedValues(draft[filter.key])}
                onChange={(next) => set(filter.key, next.join(','))}
              />
            ) : null,
          )}
          {note && <p className="text-xs text-gray-600">{note}</p>}
          <div className="flex justify-end gap-3 border-t border-gray-100 pt-4">
            <button
              type="button"
              onClick={() => apply({})}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Clear Filters
            </button>
            <button
              type="button"
              onClick={() => apply(draft)}
              className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              Apply Filters
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}
