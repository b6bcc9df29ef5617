import { inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { faPlus, faTrash } from '@fortawesome/free-solid-svg-icons';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { Values } from './content-page';

/** The About page's values: each one a line of its own, added and removed one at a time. */
export function ValuesList() {
  const { control, register } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'values' });
  const id = useId();
  const added = useRef(false);
  const last = useRef<HTMLInputElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a value was added
  useEffect(() => {
    if (added.current) last.current?.focus();
    added.current = false;
  }, [fields.length]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      added.current = true;
      append({ text: '' });
    }
  };
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-700">Values</legend>
      <ul className="space-y-2">
        {fields.map((field, index) => {
          const { ref, ...rest } = register(`values.${index}.text`);
          return (
            <li key={field.id} className="flex gap-2">
              <label htmlFor={`${id}-${index}`} className="sr-only">
                Value {index + 1}
              </label>
              <input
                id={`${id}-${index}`}
                {...rest}
                ref={(element) => {
                  ref(element);
                  if (index === fields.length - 1) last.current = element;
                }}
                onKeyDown={onKeyDown}
                placeholder="Quality - We never ship what we would not use"
                className={inputClass}
              />
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Remove value ${index + 1}`}
                className="rounded-lg border border-gray-300 px-3 text-red-700 hover:bg-red-50"
              >
                <Icon icon={faTrash} className="h-3.5 w-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => {
          added.current = true;
          append({ text: '' });
        }}
        className="mt-2 inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <Icon icon={faPlus} className="h-3 w-3" />
        Add Value
      </button>
    </fieldset>
  );
}
