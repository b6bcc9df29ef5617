//! The conflict view's merge step: each clashing markdown field merged in a text area the user
//! edits, each clashing short field chosen (theirs or the user's), and "Save merged".
import type { Dispatch, Ref, SetStateAction } from 'react';
import { primary, secondary, small } from './conflict-styles';
import { asText } from './conflict-text';
import type { ConflictField } from './conflict-view';
import type { FieldValues } from './field-merge';
import { countMarks, resolveMarks } from './three-way';

/** The buttons that settle every marked place of a text with one side's lines. */
const SETTLE_ALL = [
  ['mine', 'Use my lines'],
  ['theirs', 'Use their lines'],
] as const;

export interface MergeStepProps<TValues extends FieldValues> {
  formRef: Ref<HTMLFormElement>;
  /** Ties each field's control to the hint and names the radio groups. */
  hintId: string;
  clashing: readonly ConflictField<TValues>[];
  /** The clashing markdown fields still holding marks. */
  marksLeft: readonly ConflictField<TValues>[];
  texts: Record<string, string>;
  setTexts: Dispatch<SetStateAction<Record<string, string>>>;
  choices: Record<string, 'mine' | 'theirs'>;
  setChoices: Dispatch<SetStateAction<Record<string, 'mine' | 'theirs'>>>;
  theirs: TValues;
  mine: TValues;
  who: string;
  onBack: () => void;
  onSave: () => void;
}

function MarkdownMerge({
  id,
  hintId,
  label,
  text,
  setText,
}: {
  id: string;
  hintId: string;
  label: string;
  text: string;
  setText: (update: (now: string) => string) => void;
}) {
  const marks = countMarks(text);
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-gray-900">
          {label}
        </label>
        {marks > 0 ? (
          <>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {marks === 1 ? '1 place to settle' : `${marks} places to settle`}
            </span>
            <span className="flex gap-1.5 sm:ml-auto">
              {SETTLE_ALL.map(([side, sideLabel]) => (
                <button
                  key={side}
                  type="button"
                  className={small}
                  onClick={() => setText((now) => resolveMarks(now, side))}
                >
                  {sideLabel}
                </button>
              ))}
            </span>
          </>
        ) : (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
            Merged
          </span>
        )}
      </div>
      <textarea
        id={id}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(() => next);
        }}
        aria-describedby={hintId}
        rows={14}
        spellCheck={false}
        className="w-full rounded-lg border border-gray-300 bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-900 focus:border-blue-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-blue-200"
      />
    </div>
  );
}

export function MergeStep<TValues extends FieldValues>({
  formRef,
  hintId,
  clashing,
  marksLeft,
  texts,
  setTexts,
  choices,
  setChoices,
  theirs,
  mine,
  who,
  onBack,
  onSave,
}: MergeStepProps<TValues>) {
  return (
    <form
      ref={formRef}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        // The view is portalled out of the record's form, but React still bubbles to it.
        event.stopPropagation();
        if (marksLeft.length === 0) onSave();
      }}
    >
      {clashing.map((field) =>
        field.markdown ? (
          <MarkdownMerge
            key={field.name}
            id={`${hintId}-${field.name}`}
            hintId={hintId}
            label={field.label}
            text={texts[field.name] ?? ''}
            setText={(update) =>
              setTexts((now) => ({ ...now, [field.name]: update(now[field.name] ?? '') }))
            }
          />
        ) : (
          <fieldset key={field.name}>
            <legend className="mb-1 text-sm font-semibold text-gray-900">{field.label}</legend>
            {(['mine', 'theirs'] as const).map((side) => (
              <label key={side} className="flex items-start gap-2 py-0.5 text-sm text-gray-800">
                <input
                  type="radio"
                  name={`${hintId}-${field.name}`}
                  checked={(choices[field.name] ?? 'mine') === side}
                  onChange={() => setChoices((now) => ({ ...now, [field.name]: side }))}
                  className="mt-1"
                />
                <span>
                  {side === 'mine' ? 'Yours' : `${who}’s`}:{' '}
                  <span className="break-words">
                    {asText((side === 'mine' ? mine : theirs)[field.name]) || '(empty)'}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ),
      )}
      <p
        id={hintId}
        className={`text-sm ${marksLeft.length > 0 ? 'text-amber-800' : 'text-gray-600'}`}
        aria-live="polite"
      >
        {marksLeft.length > 0
          ? `Resolve the marked places in ${marksLeft.map((field) => field.label).join(', ')}: keep the lines you want between <<<<<<< Your text and >>>>>>> Their text, then remove the three mark lines.`
          : clashing.length === 0
            ? `Nothing clashes: your changes and ${who}’s are saved together.`
            : 'No marks left. Check the text, then save it.'}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondary} onClick={onBack}>
          Back
        </button>
        <button type="submit" className={primary} disabled={marksLeft.length > 0}>
          Save merged
        </button>
      </div>
    </form>
  );
}
