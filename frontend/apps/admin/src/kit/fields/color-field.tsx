import { FormField, inputClass } from '@atelier/ui/form-field';
import { type BaseFieldProps, useControlledField } from './field-base';

/** A colour swatch and its `#RRGGBB` text, kept in step. */
export function ColorField({ name, label, required, hint, className }: BaseFieldProps) {
  const { field, error } = useControlledField(name, label);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(props) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} swatch`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            onChange={(event) => field.onChange(event.target.value.toUpperCase())}
            className="h-10 w-12 cursor-pointer rounded border border-gray-300 bg-white p-1"
          />
          <input
            {...props}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            className={`${inputClass} font-mono`}
            maxLength={7}
          />
        </div>
      )}
    </FormField>
  );
}
