//! A short field's three values in the conflict view, the other side's changes marked.
import { wordParts } from '../history/text-diff';

/** A short field's value when opened, theirs and the user's, their changes marked. */
export function ValueChange({
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
