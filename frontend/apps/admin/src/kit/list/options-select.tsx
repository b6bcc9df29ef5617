import { inputClass } from '@atelier/ui/form-field';
import type { FilterOption } from '../resource';

/** A filter's select: '' (no filter) reading `allLabel` first, then the options. */
export function OptionsSelect({
  id,
  value,
  onChange,
  allLabel,
  options,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly FilterOption[];
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={inputClass}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
