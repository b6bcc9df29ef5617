//! The conflict view's first step: what the other side changed in the fields both changed, and
//! the three ways out ("Take theirs", "Keep mine", "Merge").
import type { Ref } from 'react';
import { LineDiff } from '../history/diff-view';
import { lineDiff } from '../history/text-diff';
import { primary, secondary, sideLabel } from './conflict-styles';
import { asText } from './conflict-text';
import type { ConflictField } from './conflict-view';
import type { FieldValues } from './field-merge';
import { ValueChange } from './value-change';

export interface ChangesStepProps<TValues extends FieldValues> {
  /** Prefixes the headings' ids. */
  hintId: string;
  clashing: readonly ConflictField<TValues>[];
  /** The fields only the other side changed. */
  alsoTheirs: readonly ConflictField<TValues>[];
  base: TValues;
  theirs: TValues;
  mine: TValues;
  who: string;
  canMerge: boolean;
  mergeButton: Ref<HTMLButtonElement>;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  onMerge: () => void;
}

export function ChangesStep<TValues extends FieldValues>({
  hintId,
  clashing,
  alsoTheirs,
  base,
  theirs,
  mine,
  who,
  canMerge,
  mergeButton,
  onTakeTheirs,
  onKeepMine,
  onMerge,
}: ChangesStepProps<TValues>) {
  return (
    <div className="space-y-5">
      <h3 className="text-base font-semibold text-gray-900">What changed since you opened it</h3>
      {clashing.length === 0 ? (
        <p className="text-sm text-gray-700">
          None of the fields you changed were changed by {who}.
        </p>
      ) : (
        clashing.map((field) => (
          <section key={field.name} aria-labelledby={`${hintId}-${field.name}-heading`}>
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <h4
                id={`${hintId}-${field.name}-heading`}
                className="text-sm font-semibold text-gray-900"
              >
                {field.label}
              </h4>
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                Changed by both of you
              </span>
            </div>
            {field.markdown ? (
              <div className="grid gap-3 lg:grid-cols-2">
                <div className="min-w-0">
                  <p className={sideLabel}>
                    <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-500" />
                    Saved by {who}
                  </p>
                  <LineDiff rows={lineDiff(asText(base[field.name]), asText(theirs[field.name]))} />
                </div>
                <div className="min-w-0">
                  <p className={sideLabel}>
                    <span aria-hidden="true" className="h-2 w-2 rounded-full bg-blue-500" />
                    Your changes
                  </p>
                  <LineDiff rows={lineDiff(asText(base[field.name]), asText(mine[field.name]))} />
                </div>
              </div>
            ) : (
              <ValueChange
                base={asText(base[field.name])}
                theirs={asText(theirs[field.name])}
                mine={asText(mine[field.name])}
                who={who}
              />
            )}
          </section>
        ))
      )}
      {alsoTheirs.length > 0 ? (
        <p className="text-sm text-gray-700">
          {who} also changed {alsoTheirs.map((field) => field.label).join(', ')}, which you did not
          touch.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-gray-600 sm:mr-auto sm:max-w-xs">
          {canMerge
            ? 'Merge keeps both changes; lines you both changed are marked for you to settle.'
            : `Take theirs loads ${who}’s version; Keep mine saves yours over it.`}
        </p>
        <button type="button" className={secondary} onClick={onTakeTheirs}>
          Take theirs
        </button>
        <button type="button" className={secondary} onClick={onKeepMine}>
          Keep mine
        </button>
        {canMerge ? (
          <button ref={mergeButton} type="button" className={primary} onClick={onMerge}>
            Merge
          </button>
        ) : null}
      </div>
    </div>
  );
}
