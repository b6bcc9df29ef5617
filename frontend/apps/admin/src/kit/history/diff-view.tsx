import { useState } from 'react';
import { type DiffPart, type DiffRow, lineDiff, wordParts } from './text-diff';

/** What a field of a record is called and how its value reads as text, for the history's diff. */
export interface HistoryField<TValues> {
  label: string;
  text: (values: TValues) => string;
  /** `markdown`: compared line by line (the body); `text` (default): word by word. */
  kind?: 'text' | 'markdown';
}

function Parts({ parts, tone }: { parts: readonly DiffPart[]; tone: 'removed' | 'added' }) {
  const Mark = tone === 'removed' ? 'del' : 'ins';
  const marked =
    tone === 'removed'
      ? 'rounded-sm bg-red-200 text-red-950 no-underline'
      : 'rounded-sm bg-green-200 text-green-950 no-underline';
  return (
    <>
      {parts.map((part, index) =>
        part.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line never reorder
          <Mark key={index} className={marked}>
            {part.text}
          </Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Skipped({ lines }: { lines: readonly string[] }) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines
          <div key={index} className="px-3 text-gray-700">
            <span aria-hidden="true" className="mr-2 inline-block w-3 text-gray-400">
              {' '}
            </span>
            {line || ' '}
          </div>
        ))}
      </>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      className="block w-full bg-gray-50 px-3 py-0.5 text-left text-xs text-gray-600 hover:bg-gray-100 hover:text-gray-900"
    >
      … {lines.length} unchanged lines (show)
    </button>
  );
}

const rowClass = {
  removed: 'bg-red-50 text-red-950',
  added: 'bg-green-50 text-green-950',
} as const;

/** A line diff of two markdown texts: removed lines in red, added lines in green, words marked. */
export function LineDiff({ rows }: { rows: readonly DiffRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 font-mono text-xs leading-5 whitespace-pre-wrap break-words">
      {rows.map((row, index) => {
        if (row.kind === 'skipped') {
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are recomputed as a whole
          return <Skipped key={index} lines={row.lines} />;
        }
        if (row.kind === 'same') {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <div key={index} className="px-3 text-gray-700">
              <span aria-hidden="true" className="mr-2 inline-block w-3 text-gray-400">
                {' '}
              </span>
              {row.text || ' '}
            </div>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <div key={index} className={`px-3 ${rowClass[row.kind]}`}>
            <span aria-hidden="true" className="mr-2 inline-block w-3 font-bold">
              {row.kind === 'removed' ? '−' : '+'}
            </span>
            <span className="sr-only">
              {row.kind === 'removed' ? 'Only in this version: ' : 'Only in the current text: '}
            </span>
            <Parts parts={row.parts} tone={row.kind} />
          </div>
        );
      })}
    </div>
  );
}

/** One short field's two values, the changed words marked. */
function WordDiff({ before, after }: { before: string; after: string }) {
  const parts = wordParts(before, after);
  const empty = <span className="text-gray-500 italic">(empty)</span>;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
      <dt className="text-xs font-semibold text-red-800 sm:pt-0.5">This version</dt>
      <dd className="rounded bg-red-50 px-2 py-1 break-words whitespace-pre-wrap text-red-950">
        {before ? <Parts parts={parts.removed} tone="removed" /> : empty}
      </dd>
      <dt className="text-xs font-semibold text-green-800 sm:pt-0.5">Current</dt>
      <dd className="rounded bg-green-50 px-2 py-1 break-words whitespace-pre-wrap text-green-950">
        {after ? <Parts parts={parts.added} tone="added" /> : empty}
      </dd>
    </dl>
  );
}

/** The fields of `before` (a kept version) that differ from `after` (the form now). */
export const changedFields = <TValues,>(
  fields: readonly HistoryField<TValues>[],
  before: TValues,
  after: TValues,
) =>
  fields
    .map((field) => ({ field, before: field.text(before), after: field.text(after) }))
    .filter((change) => change.before !== change.after);

/** Every field that differs between a kept version and the current text, each as its diff. */
export function ChangesView<TValues>({
  fields,
  before,
  after,
}: {
  fields: readonly HistoryField<TValues>[];
  before: TValues;
  after: TValues;
}) {
  const changes = changedFields(fields, before, after);
  if (changes.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
        This version has the same text and fields as the current one.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <p className="text-xs text-gray-600">
        <span className="rounded-sm bg-red-200 px-1 text-red-950">Red</span>: only in this version.{' '}
        <span className="rounded-sm bg-green-200 px-1 text-green-950">Green</span>: only in the
        current text.
      </p>
      {changes.map(({ field, before: old, after: now }) => (
        <section key={field.label} aria-label={`${field.label} changes`}>
          <h4 className="mb-1.5 text-sm font-semibold text-gray-900">{field.label}</h4>
          {field.kind === 'markdown' ? (
            <LineDiff rows={lineDiff(old, now)} />
          ) : (
            <WordDiff before={old} after={now} />
          )}
        </section>
      ))}
    </div>
  );
}
