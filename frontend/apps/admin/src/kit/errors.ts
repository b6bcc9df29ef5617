import { ApiError } from '@atelier/api-client/http';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export { serverMessageOr } from '@atelier/api-client/http';

/** The "Failed to fetch X" family of back-office.md §8, for one noun such as 'tags'. */
export const failedTo = (verb: 'fetch' | 'create' | 'update' | 'delete', noun: string) =>
  `Failed to ${verb} ${noun}`;

/**
 * Puts a 422's field messages (`errors`, keyed by the API's camelCase names, which are the form's
 * field names; a list's entries `features[0]` become `features.0`) on the matching fields.
 * Returns how many fields it marked.
 */
export const applyServerErrors = <TValues extends FieldValues>(
  form: { setError: UseFormSetError<TValues>; getValues: () => FieldValues },
  error: unknown,
): number => {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return 0;
  const known = form.getValues();
  let marked = 0;
  let first = true;
  for (const [name, message] of Object.entries(error.errors)) {
    // The API names a list's entry `languages[1].tag`; the form names it `languages.1.tag`.
    const field = name.replace(/\[(\d+)\]/g, '.$1');
    const root = field.split('.')[0] ?? field;
    if (!(root in known)) continue;
    form.setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    marked += 1;
  }
  return marked;
};
