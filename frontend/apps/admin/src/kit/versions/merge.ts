import { ApiError } from '@atelier/api-client/http';

/** Who changed a record last, as a stale 409 names them. */
export interface Changer {
  id: string;
  name: string;
}

/** The body of a 409 for an update that started from an older version (`code: "stale"`). */
export interface StaleConflict<TRecord = unknown> {
  code: 'stale';
  message: string;
  /** The record as it is now, in the update's read shape. */
  current: TRecord | null;
  changedBy: Changer | null;
  changedAt: string | null;
}

/** The stale 409 inside `error`, if that is what it is (a 409 without `code: "stale"` is a duplicate). */
export const staleConflictOf = <TRecord>(error: unknown): StaleConflict<TRecord> | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<StaleConflict<TRecord>> | undefined;
  return body?.code === 'stale' ? (body as StaleConflict<TRecord>) : null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The outcome of merging my edit with theirs, field by field, against what the form was opened with. */
export interface FieldMerge<TValues> {
  /** Every field: mine where only I changed it, theirs where only they did. */
  merged: TValues;
  /** The fields both sides changed, differently. */
  conflicts: (keyof TValues & string)[];
}

/**
 * A three-way merge of form values by field: `base` is what the form was opened with, `mine` what
 * it holds now, `theirs` the record as someone else saved it. A field only one side changed takes
 * that side's value; a field both changed the same way is no conflict.
 */
export const mergeFields = <TValues extends object>(
  base: TValues,
  mine: TValues,
  theirs: TValues,
): FieldMerge<TValues> => {
  const merged = { ...theirs } as TValues;
  const conflicts: (keyof TValues & string)[] = [];
  const keys = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)]);
  for (const key of keys as Set<keyof TValues & string>) {
    const changedByMe = !same(mine[key], base[key]);
    const changedByThem = !same(theirs[key], base[key]);
    if (changedByMe && !changedByThem) merged[key] = mine[key];
    else if (changedByMe && changedByThem && !same(mine[key], theirs[key])) {
      conflicts.push(key);
      merged[key] = mine[key];
    }
  }
  return { merged, conflicts };
};
