import type { ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-gray-50 aria-[invalid=true]:border-red-500';

/** The attributes that tie an input to its label and its error message. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

/** A label, its input and the input's error, announced when it appears. */
export function FormField({
  id,
  label,
  required = false,
  error,
  children,
  className = '',
}: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
