import { inputClass } from '@atelier/ui/form-field';
import { useId } from 'react';

export interface InlineSelectProps<TValue extends string> {
  label: string;
  value: TValue;
  options: readonly { value: TValue; label: string }[];
  /** A change is being saved: the select waits. */
  busy: boolean;
  onChange: (value: TValue) => void;
}

/**
 * A record's field changed in place from the detail pane (a request's priority or source): a
 * labelled select whose choice is saved at once, waiting while the change runs.
 */
export function InlineSelect<TValue extends string>({
  label,
  value,
  options,
  busy,
  onChange,
}: InlineSelectProps<TValue>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(event) => onChange(event.target.value as TValue)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
