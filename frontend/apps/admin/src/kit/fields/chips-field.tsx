import { FormField, inputClass } from '@atelier/ui/form-field';
import { type KeyboardEvent, useState } from 'react';
import { type BaseFieldProps, useControlledField } from './field-base';

/**
 * A list of short texts entered one at a time: Enter (or Add) adds the trimmed entry, blank
 * entries are ignored, each chip has a remove button. Text still in the box when it loses focus
 * (a click on Save) is added too, so nothing typed is lost.
 */
export function ChipsField({
  name,
  label,
  hint,
  className,
  placeholder,
}: BaseFieldProps & { placeholder?: string }) {
  const { field, error } = useControlledField(name, label);
  const items: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [draft, setDraft] = useState('');
  const add = () => {
    const entry = draft.trim();
    if (entry) field.onChange([...items, entry]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(props) => (
        <div>
          <div className="flex gap-2">
            <input
              {...props}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                if (draft.trim()) add();
                field.onBlur();
              }}
              placeholder={placeholder}
              className={inputClass}
            />
            <button
              type="button"
              onClick={add}
              className="rounded-lg border border-gray-300 px-3 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Add
            </button>
          </div>
          {items.length > 0 && (
            <ul aria-label={`${label} added`} className="mt-2 flex flex-wrap gap-2">
              {items.map((item, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat
                  key={`${item}-${index}`}
                  className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-800"
                >
                  {item}
                  <button
                    type="button"
                    aria-label={`Remove ${item}`}
                    onClick={() => field.onChange(items.filter((_, at) => at !== index))}
                    className="rounded-full px-1.5 leading-none hover:bg-blue-100"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </FormField>
  );
}
