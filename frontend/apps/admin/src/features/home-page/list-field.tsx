import { Icon } from '@atelier/ui/icon';
import { faPlus, faTrash } from '@fortawesome/free-solid-svg-icons';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TextField } from '@/kit/fields/fields';

/** One column of a list's rows: the entry's field and its label. */
export interface Column {
  field: string;
  label: string;
  /** A short value (a figure, a suffix): a narrow field. */
  narrow?: boolean;
}

/**
 * A list of entries (buttons, cards, figures, steps…), each a row of fields, added and removed
 * one at a time up to `max`.
 */
export function ListField({
  name,
  legend,
  noun,
  columns,
  max,
  empty,
}: {
  name: string;
  legend: string;
  /** One entry, in the buttons' words: 'button'. */
  noun: string;
  columns: readonly Column[];
  max: number;
  /** A new entry's values. */
  empty: Record<string, string | number>;
}) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">{legend}</legend>
      <ol className="space-y-2">
        {fields.map((entry, index) => (
          <li key={entry.id} className="flex flex-wrap items-end gap-2">
            {columns.map((column) => (
              <TextField
                key={column.field}
                name={`${name}.${index}.${column.field}`}
                label={`${column.label} ${index + 1}`}
                className={column.narrow ? 'w-28' : 'min-w-40 flex-1'}
              />
            ))}
            <button
              type="button"
              onClick={() => remove(index)}
              aria-label={`Remove ${noun} ${index + 1}`}
              className="mb-1 rounded-lg border border-gray-300 px-3 py-2 text-red-700 hover:bg-red-50"
            >
              <Icon icon={faTrash} className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
      </ol>
      {fields.length < max && (
        <button
          type="button"
          onClick={() => append(empty)}
          className="mt-2 inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          <Icon icon={faPlus} className="h-3 w-3" />
          Add {noun}
        </button>
      )}
    </fieldset>
  );
}

export const LINK_COLUMNS: readonly Column[] = [
  { field: 'label', label: 'Button text' },
  { field: 'target', label: 'Leads to' },
];
export const EMPTY_LINK = { label: '', target: '' };
export const LINK_HINT =
  'A page of the site (/portfolio), a home page section (#services) or a web address.';
