//! The dialog a form opens when its save answers 409 (someone else saved the record since the
//! user opened it): what they changed, then "Take theirs", "Keep mine" or, for markdown, "Merge".
import { Modal } from '@atelier/ui/modal';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { shortDateTime } from '../values';
import { ChangesStep } from './changes-step';
import { mergedValues, startTexts } from './conflict-text';
import { type FieldValues, mergeFields } from './field-merge';
import { MergeStep } from './merge-step';
import { hasConflictMarks } from './three-way';

/** A field of the form, as the conflict view names it. */
export interface ConflictField<TValues extends FieldValues> {
  name: keyof TValues & string;
  label: string;
  /** Markdown fields are compared line by line and can be merged. */
  markdown?: boolean;
}

export interface ConflictViewProps<TValues extends FieldValues> {
  open: boolean;
  /** Escape or the close button: nothing is decided, the form keeps the user's text. */
  onClose: () => void;
  fields: readonly ConflictField<TValues>[];
  /** The values when the user opened the record. */
  base: TValues;
  /** The values saved meanwhile (the server's current record). */
  theirs: TValues;
  /** The user's values, as the form holds them. */
  mine: TValues;
  /** Who saved meanwhile, and when (ISO). */
  changedBy: { name: string; at: string };
  /** Load their values of the clashing fields into the form (the rest stays merged). */
  onTakeTheirs: () => void;
  /** Save the user's values over theirs, knowingly. */
  onKeepMine: () => void;
  /** Save the merged values. */
  onMerged: (values: TValues) => void;
}

/**
 * What someone else changed since the user opened the record (base → theirs, per field both
 * changed) and the three ways out. "Merge" (when a clashing field is markdown) shows each
 * markdown field merged line by line, clashes marked, in a text area the user edits; a clashing
 * short field is chosen (theirs or the user's). "Save merged" waits until no mark is left.
 */
export function ConflictView<TValues extends FieldValues>({
  open,
  onClose,
  fields,
  base,
  theirs,
  mine,
  changedBy,
  onTakeTheirs,
  onKeepMine,
  onMerged,
}: ConflictViewProps<TValues>) {
  const fieldMerge = useMemo(() => mergeFields(base, theirs, mine), [base, theirs, mine]);
  const clashing = fields.filter((field) => fieldMerge.conflicts.includes(field.name));
  const alsoTheirs = fields.filter((field) => fieldMerge.theirs.includes(field.name));
  // Merging helps when a markdown field clashes, or when nothing clashes (both sides' changes kept).
  const canMerge = clashing.length === 0 || clashing.some((field) => field.markdown);
  const [merging, setMerging] = useState(false);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const hintId = useId();
  const mergeArea = useRef<HTMLFormElement>(null);
  const mergeButton = useRef<HTMLButtonElement>(null);
  const wasMerging = useRef(false);
  // The focus follows the step: the first field to resolve, or back to 'Merge'.
  useEffect(() => {
    if (merging) mergeArea.current?.querySelector<HTMLElement>('textarea, input')?.focus();
    else if (wasMerging.current) mergeButton.current?.focus();
    wasMerging.current = merging;
  }, [merging]);
  const who = changedBy.name;

  const startMerge = () => {
    setTexts(startTexts(clashing, base, theirs, mine));
    setChoices({});
    setMerging(true);
  };
  const marksLeft = clashing.filter(
    (field) => field.markdown && hasConflictMarks(texts[field.name] ?? ''),
  );
  const saveMerged = () =>
    onMerged(mergedValues(fieldMerge.values, clashing, texts, choices, theirs) as TValues);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setMerging(false);
          onClose();
        }
      }}
      size="xl"
      title={merging ? 'Merge the changes' : 'Someone else saved this meanwhile'}
      description={`${who} changed this at ${shortDateTime(changedBy.at)}. Your text is still here; choose what to save.`}
    >
      {merging ? (
        <MergeStep
          formRef={mergeArea}
          hintId={hintId}
          clashing={clashing}
          marksLeft={marksLeft}
          texts={texts}
          setTexts={setTexts}
          choices={choices}
          setChoices={setChoices}
          theirs={theirs}
          mine={mine}
          who={who}
          onBack={() => setMerging(false)}
          onSave={saveMerged}
        />
      ) : (
        <ChangesStep
          hintId={hintId}
          clashing={clashing}
          alsoTheirs={alsoTheirs}
          base={base}
          theirs={theirs}
          mine={mine}
          who={who}
          canMerge={canMerge}
          mergeButton={mergeButton}
          onTakeTheirs={onTakeTheirs}
          onKeepMine={onKeepMine}
          onMerge={startMerge}
        />
      )}
    </Modal>
  );
}
