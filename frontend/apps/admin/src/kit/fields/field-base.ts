import type { ReactNode } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { useFieldLabel } from '../versions/field-labels';

/** What every field takes: the form value's name, its label, and the usual extras. */
export interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

const errorOf = (errors: FieldValues, name: string): string | undefined => {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * A registered field's props and its error message (a nested name such as `socialLinks.github`
 * included); the form learns its label, and whether it holds text in lines (markdown), for the
 * conflict view.
 */
export const useField = (name: string, label: string, lines = false) => {
  useFieldLabel(name, label, lines);
  const { register, formState } = useFormContext();
  return { register: register(name as Path<FieldValues>), error: errorOf(formState.errors, name) };
};

/** A field the form controls (a value no plain input holds): its controller and error message. */
export const useControlledField = (name: string, label: string) => {
  useFieldLabel(name, label);
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return { field, error: fieldState.error?.message };
};
