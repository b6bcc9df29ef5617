//! The dialog a form opens when its save answers 409 (someone else saved the record since the
//! user opened it): what they changed, then "Take theirs", "Keep mine" or, for markdown, "Merge".
import { Modal } from '@atelier/ui/modal';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LineDiff } from '../history/diff-view';
import { lineDiff, wordParts } from '../history/text-diff';
import { shortDateTime } from '../values';
import { type FieldValues, mergeFields } from './field-merge';
import { countMarks, hasConflictMarks, mergeText, resolveMarks } from './three-way';

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

/** A form value as one line of text. */
const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(asText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const button =
  'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const primary = `${button} bg-blue-600 text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:bg-blue-300`;
const secondary = `${button} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
/** The buttons that settle every marked place of a text with one side's lines. */
const SETTLE_ALL = [
  ['mine', 'Use my lines'],
  ['theirs', 'Use their lines'],
] as const;
const sideLabel = 'mb-1 flex items-center gap-1.5 text-xs font-semibold text-gray-700';
const small =
  'rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** A short field's value when opened, theirs and the user's, their changes marked. */
function ValueChange({
  base,
  theirs,
  mine,
  who,
}: {
  base: string;
  theirs: string;
  mine: string;
  who: string;
}) {
  const parts = wordParts(base, theirs);
  const empty = <span className="text-gray-500 italic">(empty)</span>;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-x-3">
      <dt className="text-xs font-semibold text-gray-700 sm:pt-1.5">When you opened it</dt>
      <dd className="rounded bg-red-50 px-2 py-1 break-words whitespace-pre-wrap text-red-950">
        {base
          ? parts.removed.map((part, index) =>
              part.changed ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
                <del key={index} className="rounded-sm bg-red-200 no-underline">
                  {part.text}
                </del>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <span key={index}>{part.text}</span>
              ),
            )
          : empty}
      </dd>
      <dt className="text-xs font-semibold text-gray-700 sm:pt-1.5">Saved by {who}</dt>
      <dd className="rounded bg-green-50 px-2 py-1 break-words whitespace-pre-wrap text-green-950">
        {theirs
          ? parts.added.map((part, index) =>
              part.changed ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
                <ins key={index} className="rounded-sm bg-green-200 no-underline">
                  {part.text}
                </ins>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <span key={index}>{part.text}</span>
              ),
            )
          : empty}
      </dd>
      <dt className="text-xs font-semibold text-gray-700 sm:pt-1.5">Yours</dt>
      <dd className="rounded bg-blue-50 px-2 py-1 break-words whitespace-pre-wrap text-blue-950">
        {mine || empty}
      </dd>
    </dl>
  );
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
    setTexts(merged);
    setChoices({});
    setMerging(true);
  };
  const marksLeft = clashing.filter(
    (field) => field.markdown && hasConflictMarks(texts[field.name] ?? ''),
  );
  const saveMerged = () => {
    const values: Record<string, unknown> = { ...fieldMerge.values };
    for (const field of clashing) {
      if (field.markdown) values[field.name] = texts[field.name] ?? '';
      else if (choices[field.name] === 'theirs') values[field.name] = theirs[field.name];
    }
    onMerged(values as TValues);
  };

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
        <form
          ref={mergeArea}
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            // The view is portalled out of the record's form, but React still bubbles to it.
            event.stopPropagation();
            if (marksLeft.length === 0) saveMerged();
          }}
        >
          {clashing.map((field) =>
            field.markdown ? (
              <div key={field.name}>
                <div className="mb-1.5 flex flex-wrap items-center gap-2">
                  <label
                    htmlFor={`${hintId}-${field.name}`}
                    className="text-sm font-semibold text-gray-900"
                  >
                    {field.label}
                  </label>
                  {countMarks(texts[field.name] ?? '') > 0 ? (
                    <>
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {countMarks(texts[field.name] ?? '') === 1
                          ? '1 place to settle'
                          : `${countMarks(texts[field.name] ?? '')} places to settle`}
                      </span>
                      <span className="flex gap-1.5 sm:ml-auto">
                        {SETTLE_ALL.map(([side, label]) => (
                          <button
                            key={side}
                            type="button"
                            className={small}
                            onClick={() =>
                              setTexts((now) => ({
                                ...now,
                                [field.name]: resolveMarks(now[field.name] ?? '', side),
                              }))
                            }
                          >
                            {label}
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
                  id={`${hintId}-${field.name}`}
                  value={texts[field.name] ?? ''}
                  onChange={(event) =>
                    setTexts((now) => ({ ...now, [field.name]: event.target.value }))
                  }
                  aria-describedby={hintId}
                  rows={14}
                  spellCheck={false}
                  className="w-full rounded-lg border border-gray-300 bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-900 focus:border-blue-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-blue-200"
                />
              </div>
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
            <button type="button" className={secondary} onClick={() => setMerging(false)}>
              Back
            </button>
            <button type="submit" className={primary} disabled={marksLeft.length > 0}>
              Save merged
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-5">
          <h3 className="text-base font-semibold text-gray-900">
            What changed since you opened it
          </h3>
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
                      <LineDiff
                        rows={lineDiff(asText(base[field.name]), asText(theirs[field.name]))}
                      />
                    </div>
                    <div className="min-w-0">
                      <p className={sideLabel}>
                        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-blue-500" />
                        Your changes
                      </p>
                      <LineDiff
                        rows={lineDiff(asText(base[field.name]), asText(mine[field.name]))}
                      />
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
              {who} also changed {alsoTheirs.map((field) => field.label).join(', ')}, which you did
              not touch.
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
              <button ref={mergeButton} type="button" className={primary} onClick={startMerge}>
                Merge
              </button>
            ) : null}
          </div>
        </div>
      )}
    </Modal>
  );
}
