import { useRef, useState } from 'react';
import { type FieldMerge, mergeFields, type StaleConflict, staleConflictOf } from './merge';

/** What a save answers when it opened a conflict for the person to decide (nothing was saved). */
export const ASKED = Symbol('asked');

/** A conflict the person decides: the same field changed on both sides. */
export interface OpenConflict<TRecord, TValues extends object = Record<string, unknown>> {
  conflict: StaleConflict<TRecord>;
  /** The fields both sides changed. */
  fields: (keyof TValues & string)[];
  /** The form's values when it was opened (or last loaded): what both sides started from. */
  base: TValues;
  /** The record as they saved it, as form values. */
  theirs: TValues;
  /** The form's values as the person typed them (still in the form). */
  mine: TValues;
  /** Loads their values of the clashing fields into the form (the rest stays merged), unsaved. */
  takeTheirs: () => void;
  /** Saves the clashing fields as typed over their version, knowingly, with their changes to
   * other fields kept (through the form's own submit). */
  keepMine: () => Promise<void>;
  /** Puts `values` (the person's merge of both sides) into the form and saves it from their version. */
  merge: (values: TValues) => Promise<void>;
}

export interface VersionedSaveOptions<TRecord, TValues extends object> {
  /** The form's values as the record was when the form opened (or last loaded). */
  base: () => TValues;
  /** The form's values now. */
  mine: () => TValues;
  /** The values of a record as the form shows them. */
  toValues: (record: TRecord) => TValues;
  /** Saves `values` as an update from `version`. */
  save: (values: TValues, version: number) => Promise<unknown>;
  /** Puts values into the form, with `record` (its values and version) as its new base. */
  load: (values: TValues, record: TRecord) => void;
  /** Submits the form again, as the person's own save (after "Keep mine"). */
  resubmit: () => Promise<unknown>;
}

/**
 * The one place the back office answers a stale 409: the person's text is never lost. Fields only
 * one side changed merge by themselves and the save is repeated from the current version; when the
 * same field changed on both sides, the form stays as typed and `conflict` asks: take theirs, or
 * keep mine (saved over the current version), or merge them (`kit/conflict`'s view: a diff of
 * what they changed, and a three-way line merge of markdown) and save the merge from their version.
 */
export const useVersionedSave = <TRecord extends { version?: number }, TValues extends object>(
  options: VersionedSaveOptions<TRecord, TValues>,
) => {
  const [conflict, setConflict] = useState<OpenConflict<TRecord, TValues> | null>(null);
  const latest = useRef(options);
  latest.current = options;

  /** Saves from `version`; on a stale answer, merges and retries once, or opens the conflict. */
  const save = async (values: TValues, version: number): Promise<unknown> => {
    const opts = latest.current;
    try {
      const saved = await opts.save(values, version);
      setConflict(null);
      return saved;
    } catch (error) {
      const stale = staleConflictOf<TRecord>(error);
      if (!stale?.current) throw error;
      const current = stale.current;
      const theirs = opts.toValues(current);
      const base = opts.base();
      const { merged, conflicts }: FieldMerge<TValues> = mergeFields(base, values, theirs);
      if (conflicts.length === 0) {
        opts.load(merged, current);
        return save(merged, current.version ?? 1);
      }
      setConflict({
        conflict: stale,
        fields: conflicts,
        base,
        theirs,
        mine: values,
        // Both ways out decide the clashing fields only: what only one side changed stays merged
        // (their other changes are never saved over, the person's are never dropped).
        takeTheirs: () => {
          const now = mergeFields(base, latest.current.mine(), theirs).merged;
          for (const field of conflicts) now[field] = theirs[field];
          opts.load(now, current);
          setConflict(null);
        },
        keepMine: async () => {
          setConflict(null);
          opts.load(mergeFields(base, latest.current.mine(), theirs).merged, current);
          await latest.current.resubmit();
        },
        merge: async (resolved) => {
          setConflict(null);
          opts.load(resolved, current);
          await latest.current.resubmit();
        },
      });
      return ASKED;
    }
  };

  return { save, conflict, dismiss: () => setConflict(null) };
};
