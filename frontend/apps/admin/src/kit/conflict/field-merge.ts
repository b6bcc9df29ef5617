//! A per-field merge of one record's form values: the values the user opened (base), the ones
//! someone else saved meanwhile (theirs) and the user's own (mine).

/** Form values: field names to plain values (text, numbers, booleans, lists, small objects). */
export type FieldValues = Readonly<Record<string, unknown>>;

export interface FieldMerge<TValues extends FieldValues> {
  /**
   * Every field: the side's value where only one side changed it, the shared value where both
   * agree, and the user's own value where they clash (until the user chooses).
   */
  values: TValues;
  /** The fields both sides changed, to different values, in the order of the user's form. */
  conflicts: (keyof TValues & string)[];
  /** The fields only the other side changed (taken from theirs). */
  theirs: (keyof TValues & string)[];
}

/** Whether two form values are the same: structurally for lists and objects. */
export const sameValue = (left: unknown, right: unknown): boolean => {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameValue(item, right[index]))
    );
  }
  if (typeof left === 'object' && typeof right === 'object' && left !== null && right !== null) {
    const leftKeys = Object.keys(left);
    const rightKeys = Object.keys(right);
    return (
      leftKeys.length === rightKeys.length &&
      leftKeys.every(
        (key) =>
          Object.hasOwn(right, key) &&
          sameValue((left as FieldValues)[key], (right as FieldValues)[key]),
      )
    );
  }
  return false;
};

/**
 * Merges two edits of one record field by field: a field only one side changed is taken from that
 * side; a field both changed the same way is fine; a field both changed differently is a
 * conflict (listed by name, the user's value kept in `values` meanwhile). A field missing on one
 * side counts as `undefined` there.
 */
export const mergeFields = <TValues extends FieldValues>(
  base: TValues,
  theirs: TValues,
  mine: TValues,
): FieldMerge<TValues> => {
  const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
  const values: Record<string, unknown> = {};
  const conflicts: string[] = [];
  const fromTheirs: string[] = [];
  for (const name of names) {
    const original = base[name];
    const their = theirs[name];
    const my = mine[name];
    const theyChanged = !sameValue(original, their);
    const iChanged = !sameValue(original, my);
    if (theyChanged && !iChanged) {
      values[name] = their;
      fromTheirs.push(name);
    } else {
      values[name] = my;
      if (theyChanged && iChanged && !sameValue(their, my)) conflicts.push(name);
    }
  }
  return {
    values: values as TValues,
    conflicts: conflicts as FieldMerge<TValues>['conflicts'],
    theirs: fromTheirs as FieldMerge<TValues>['theirs'],
  };
};
