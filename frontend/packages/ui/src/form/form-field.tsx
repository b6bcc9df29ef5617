import { type ReactNode, useId } from 'react';

/** What a control inside a `FormField` spreads on itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shown in red under the control and announced with it. */
  error?: string | undefined;
  /** A quiet line under the control (a counter, a format). */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The control's id when the page needs a fixed one; a generated one otherwise. */
  id?: string;
  /** Announce the error the moment it appears (the public forms); otherwise it is read with the control. */
  announceError?: boolean;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 disabled:bg-gray-100 aria-[invalid=true]:border-red-500';

/** A label, one control, an optional hint and its error message, correctly wired together. */
export function FormField({
  label,
  error,
  hint,
  required,
  className = '',
  id: fixedId,
  announceError = false,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={announceError ? 'alert' : undefined}
          className="mt-1 text-sm text-red-600"
        >
          {error}
        </p>
      )}
    </div>
  );
}
