import type { OpenConflict } from './use-versioned-save';

const time = (at: string | null) =>
  at
    ? new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : 'a moment ago';

/** "{name} changed this {record} at {time}", with the two ways out. */
export function ConflictBanner<TRecord>({
  conflict,
  record,
}: {
  conflict: OpenConflict<TRecord>;
  /** What the record is called in the sentence: "post", "service". */
  record: string;
}) {
  const who = conflict.conflict.changedBy?.name ?? 'Someone';
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">
        {who} changed this {record} at {time(conflict.conflict.changedAt)}
      </p>
      <p className="mt-1">
        You both changed {conflict.fields.join(', ')}. Your text is still in the form.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={conflict.takeTheirs}
          className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
        >
          Take theirs
        </button>
        <button
          type="button"
          onClick={() => void conflict.keepMine()}
          className="rounded-lg bg-amber-600 px-3 py-1.5 font-semibold text-white hover:bg-amber-700"
        >
          Keep mine
        </button>
      </div>
    </div>
  );
}
