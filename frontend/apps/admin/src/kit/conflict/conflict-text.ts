//! The pure steps of the conflict view: a form value as text, the markdown fields' first merge,
//! and the values "Save merged" sends.
import type { FieldValues } from './field-merge';
import { mergeText } from './three-way';

/** A field the view knows by name, and whether it is markdown (merged line by line). */
export interface NamedField {
  name: string;
  markdown?: boolean;
}

/** A form value as one line of text. */
export const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(asText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Each clashing markdown field merged line by line, its clashes marked for the user to settle. */
export const startTexts = (
  clashing: readonly NamedField[],
  base: FieldValues,
  theirs: FieldValues,
  mine: FieldValues,
): Record<string, string> => {
  const merged: Record<string, string> = {};
  for (const field of clashing) {
    if (field.markdown) {
      merged[field.name] = mergeText(
        asText(base[field.name]),
        asText(theirs[field.name]),
        asText(mine[field.name]),
      ).text;
    }
  }
  return merged;
};

/**
 * The values to save: the field merge's values, each clashing markdown field's edited text and,
 * for a clashing short field, theirs where the user chose it (the user's own otherwise).
 */
export const mergedValues = (
  values: FieldValues,
  clashing: readonly NamedField[],
  texts: Readonly<Record<string, string>>,
  choices: Readonly<Record<string, 'mine' | 'theirs'>>,
  theirs: FieldValues,
): Record<string, unknown> => {
  const merged: Record<string, unknown> = { ...values };
  for (const field of clashing) {
    if (field.markdown) merged[field.name] = texts[field.name] ?? '';
    else if (choices[field.name] === 'theirs') merged[field.name] = theirs[field.name];
  }
  return merged;
};
