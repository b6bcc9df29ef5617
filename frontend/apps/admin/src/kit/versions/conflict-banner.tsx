import { Icon } from '@atelier/ui/icon';
import { faCodeCompare } from '@fortawesome/free-solid-svg-icons';
import { useEffect, useMemo, useState } from 'react';
import type { ConflictField } from '../conflict/conflict-view';
import type { FieldValues } from '../conflict/field-merge';
import { LazyConflictView } from '../conflict/lazy-conflict-view';
import { shortDateTime } from '../values';
import { type FieldLabels, fieldInfo } from './field-labels';
import type { OpenConflict } from './use-versioned-save';

/** "Ada, Grace and Alan": a list as a sentence says it. */
const listed = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Every value of the conflict's record as the view names it, in the form's order. */
const fieldsOf = (labels: FieldLabels, conflict: OpenConflict<unknown, FieldValues>) => {
  const names = new Set<string>();
  for (const key of labels.keys()) names.add(key.split('.')[0] ?? key);
  for (const values of [conflict.mine, conflict.theirs, conflict.base]) {
    for (const key of Object.keys(values)) names.add(key);
  }
  return [...names].map(
    (name): ConflictField<FieldValues> => ({ name, ...fieldInfo(labels, name) }),
  );
};

const NO_LABELS: FieldLabels = new Map();

const button =
  'inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700';

/**
 * A save met someone else's newer version and both changed the same fields: "{name} changed this
 * {record} at {time}", the fields by their labels, and the ways out. The conflict view (what they
 * changed, take theirs, keep mine, merge) opens at once; closing it leaves this banner and the
 * person's text in the form, and "Compare and merge" opens it again.
 */
export function ConflictBanner<TRecord, TValues extends object>({
  conflict,
  record,
  labels,
}: {
  conflict: OpenConflict<TRecord, TValues>;
  /** What the record is called in the sentence: "post", "service". */
  record: string;
  /** The form's field labels (`useFieldLabels`); without them, fields read as their names in words. */
  labels?: FieldLabels;
}) {
  const [viewOpen, setViewOpen] = useState(true);
  // A new conflict (a second save met yet another version) opens the view again.
  useEffect(() => {
    if (conflict) setViewOpen(true);
  }, [conflict]);
  const known = labels ?? NO_LABELS;
  const opened = conflict as unknown as OpenConflict<unknown, FieldValues>;
  const fields = useMemo(() => fieldsOf(known, opened), [known, opened]);
  const who = conflict.conflict.changedBy?.name ?? 'Someone';
  const at = conflict.conflict.changedAt;
  const clashing = listed(conflict.fields.map((name) => fieldInfo(known, name).label));
  return (
    <>
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-semibold">
          {who} changed this {record} {at ? `at ${shortDateTime(at)}` : 'a moment ago'}
        </p>
        <p className="mt-1">
          You both changed {clashing}. Your text is still in the form: nothing is saved until you
          choose.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setViewOpen(true)}
            className={`${button} bg-amber-600 text-white hover:bg-amber-700`}
          >
            <Icon icon={faCodeCompare} className="h-3.5 w-3.5" />
            Compare and merge
          </button>
          <button
            type="button"
            onClick={conflict.takeTheirs}
            className={`${button} border border-amber-400 bg-white hover:bg-amber-100`}
          >
            Take theirs
          </button>
          <button
            type="button"
            onClick={() => void conflict.keepMine()}
            className={`${button} border border-amber-400 bg-white hover:bg-amber-100`}
          >
            Keep mine
          </button>
        </div>
      </div>
      <LazyConflictView<FieldValues>
        open={viewOpen}
        onClose={() => setViewOpen(false)}
        fields={fields}
        base={opened.base}
        theirs={opened.theirs}
        mine={opened.mine}
        changedBy={{ name: who, at: at ?? new Date().toISOString() }}
        onTakeTheirs={opened.takeTheirs}
        onKeepMine={() => void opened.keepMine()}
        onMerged={(values) => void opened.merge(values)}
      />
    </>
  );
}
