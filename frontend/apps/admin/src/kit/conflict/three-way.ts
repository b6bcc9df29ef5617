//! A three-way line merge of markdown texts, for the conflict view: the text the user opened
//! (base), the one someone else saved meanwhile (theirs) and the user's own (mine).
import { diff3Merge } from 'node-diff3';

/** The lines that open, divide and close a conflict left for the user to resolve. */
export const CONFLICT_MARKS = {
  mine: '<<<<<<< Your text',
  divider: '=======',
  theirs: '>>>>>>> Their text',
} as const;

export interface ThreeWayMerge {
  /** The merged text; where both sides changed the same lines differently, both versions between marks. */
  text: string;
  /** How many places are marked for the user to resolve (0: merged cleanly). */
  conflicts: number;
}

const linesOf = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

/**
 * Merges `mine` and `theirs`, both derived from `base`, line by line. A change only one side made
 * is taken; the same change made on both sides is taken once; different changes to the same (or
 * touching) lines are kept side by side between {@link CONFLICT_MARKS}: the user's lines first,
 * then theirs. Line endings (`\r\n`) count as `\n`.
 */
export const mergeText = (base: string, theirs: string, mine: string): ThreeWayMerge => {
  const regions = diff3Merge(linesOf(mine), linesOf(base), linesOf(theirs), {
    excludeFalseConflicts: true,
  });
  const lines: string[] = [];
  let conflicts = 0;
  for (const region of regions) {
    if (region.ok) {
      lines.push(...region.ok);
    } else if (region.conflict) {
      conflicts += 1;
      lines.push(
        CONFLICT_MARKS.mine,
        ...region.conflict.a,
        CONFLICT_MARKS.divider,
        ...region.conflict.b,
        CONFLICT_MARKS.theirs,
      );
    }
  }
  return { text: lines.join('\n'), conflicts };
};

/**
 * Whether `text` still holds a conflict's opening or closing mark (a line starting with seven `<`
 * or seven `>`), so saving it is refused. A lone `=======` is not counted: in markdown it also
 * underlines a heading.
 */
export const hasConflictMarks = (text: string) =>
  linesOf(text).some((line) => /^(<{7}|>{7})(\s|$)/.test(line));

/**
 * Resolves every marked place of `text` by one side: the user's lines (`mine`) or theirs. A place
 * whose marks are incomplete (the user already edited them) is left as it is.
 */
export const resolveMarks = (text: string, side: 'mine' | 'theirs'): string => {
  const lines = linesOf(text);
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (!/^<{7}(\s|$)/.test(line)) {
      out.push(line);
      index += 1;
      continue;
    }
    const divider = lines.findIndex((next, at) => at > index && /^={7}$/.test(next));
    const end = lines.findIndex((next, at) => at > divider && /^>{7}(\s|$)/.test(next));
    const nextOpen = lines.findIndex((next, at) => at > index && /^<{7}(\s|$)/.test(next));
    if (divider < 0 || end < 0 || (nextOpen >= 0 && nextOpen < end)) {
      out.push(line);
      index += 1;
      continue;
    }
    out.push(
      ...(side === 'mine' ? lines.slice(index + 1, divider) : lines.slice(divider + 1, end)),
    );
    index = end + 1;
  }
  return out.join('\n');
};

/** How many places of `text` are still marked (opening marks). */
export const countMarks = (text: string) =>
  linesOf(text).filter((line) => /^<{7}(\s|$)/.test(line)).length;
