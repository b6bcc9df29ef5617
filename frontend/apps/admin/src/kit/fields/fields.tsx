import { FormField, inputClass } from '@atelier/ui/form-field';
import { type ReactNode, useId } from 'react';
import { fromLocalInput, toLocalInput } from '../values';
import { type BaseFieldProps, useControlledField, useField } from './field-base';

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  type = 'text',
  placeholder,
  autoComplete,
  suggestions,
}: BaseFieldProps & {
  type?: 'text' | 'email' | 'url' | 'tel' | 'date' | 'password';
  placeholder?: string;
  autoComplete?: string;
  /** Offered as the browser's completion list; any other text is still accepted. */
  suggestions?: readonly string[];
}) {
  const { register, error } = useField(name, label);
  const listId = useId();
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <>
          <input
            {...control}
            {...register}
            type={type}
            placeholder={placeholder}
            autoComplete={autoComplete ?? 'off'}
            list={suggestions ? listId : undefined}
            className={inputClass}
          />
          {suggestions && (
            <datalist id={listId}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          )}
        </>
      )}
    </FormField>
  );
}

export function TextAreaField({
  name,
  label,
  required,
  hint,
  className,
  rows = 3,
  placeholder,
  lines = false,
}: BaseFieldProps & {
  rows?: number;
  placeholder?: string;
  /** Text in lines or paragraphs (markdown, say): a conflict compares and merges it line by line. */
  lines?: boolean;
}) {
  const { register, error } = useField(name, label, lines);
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <textarea
          {...control}
          {...register}
          rows={rows}
          placeholder={placeholder}
          className={`${inputClass} min-h-20`}
        />
      )}
    </FormField>
  );
}

/** A number typed as text: the schema or `toInput` decides how to read it. */
export function NumberField({
  name,
  label,
  required,
  hint,
  className,
  min,
  max,
  step,
}: BaseFieldProps & { min?: number; max?: number; step?: number }) {
  const { register, error } = useField(name, label);
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          {...register}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          className={inputClass}
        />
      )}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A choice from `options`, controlled by the form: the stored value stays chosen when the options
 * arrive after the form opened (a category list still loading), and a stored value that is not
 * among them (an option since removed) is shown as itself rather than silently replaced by the
 * first option.
 */
export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  loading,
}: BaseFieldProps & {
  options: readonly SelectOption[];
  /** The options are still loading: a stored value is shown as 'Loading…' meanwhile. */
  loading?: boolean;
}) {
  const { field, error } = useControlledField(name, label);
  const value = typeof field.value === 'string' ? field.value : String(field.value ?? '');
  const known = options.some((option) => option.value === value);
  const shown: readonly SelectOption[] =
    known || value === '' ? options : [...options, { value, label: loading ? 'Loading…' : value }];
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select
          {...control}
          ref={field.ref}
          name={field.name}
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          className={inputClass}
        >
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function CheckboxField({ name, label, hint, className = '' }: BaseFieldProps) {
  const { register, error } = useField(name, label);
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-gray-700">
        <input
          id={id}
          type="checkbox"
          {...register}
          className="h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-blue-500"
        />
        {label}
      </label>
      {hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </div>
  );
}

/**
 * A date and time picked in this browser's time zone, kept in the form as an ISO moment in UTC
 * ('' for none), which is what the API takes. The hint names the time zone; 'Clear' empties it.
 */
export function DateTimeField({ name, label, required, hint, className }: BaseFieldProps) {
  const { field, error } = useControlledField(name, label);
  const value = typeof field.value === 'string' ? field.value : '';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <FormField
      label={label}
      error={error}
      hint={
        <>
          {hint}
          {hint ? ' ' : ''}
          Time zone: {zone}.
        </>
      }
      required={required}
      className={className}
    >
      {(props) => (
        <div className="flex gap-2">
          <input
            {...props}
            ref={field.ref}
            type="datetime-local"
            value={toLocalInput(value)}
            onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
            onBlur={field.onBlur}
            className={inputClass}
          />
          {value && (
            <button
              type="button"
              onClick={() => field.onChange('')}
              className="rounded-lg border border-gray-300 px-3 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Clear
            </button>
          )}
        </div>
      )}
    </FormField>
  );
}

/** Fields side by side from the `sm` width up. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
