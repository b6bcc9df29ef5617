import { diffLines, diffWordsWithSpace } from 'diff';

/** A stretch of one line: `changed` when it is what differs from the other side. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** One row of a line diff, as the history panel draws it. */
export type DiffRow =
  | { kind: 'same'; text: string }
  | { kind: 'removed' | 'added'; parts: DiffPart[] }
  /** Unchanged lines left out between two changes, with the lines themselves. */
  | { kind: 'skipped'; lines: string[] };

/** Unchanged lines kept around each change; a longer unchanged stretch is folded. */
export const CONTEXT_LINES = 2;

const linesOf = (text: string) => {
  const lines = text.split('\n');
  // A text ending with a line break has no empty last line.
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** The two sides of a changed line, word by word: what each side has that the other has not. */
export const wordParts = (before: string, after: string) => {
  const removed: DiffPart[] = [];
  const added: DiffPart[] = [];
  for (const change of diffWordsWithSpace(before, after)) {
    if (change.removed) removed.push({ text: change.value, changed: true });
    else if (change.added) added.push({ text: change.value, changed: true });
    else {
      removed.push({ text: change.value, changed: false });
      added.push({ text: change.value, changed: false });
    }
  }
  return { removed, added };
};

/**
 * The lines of `before` and `after` (markdown), line by line: removed lines, then the lines that
 * replace them, each with the words that changed marked; unchanged stretches longer than twice
 * {@link CONTEXT_LINES} folded into one `skipped` row. Line endings (`\r\n`) count as `\n`.
 */
export const lineDiff = (before: string, after: string): DiffRow[] => {
  const rows: DiffRow[] = [];
  const changes = diffLines(before.replace(/\r\n/g, '\n'), after.replace(/\r\n/g, '\n'));
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    if (!change) continue;
    const lines = linesOf(change.value);
    if (!change.added && !change.removed) {
      for (const text of lines) rows.push({ kind: 'same', text });
      continue;
    }
    const next = changes[index + 1];
    if (change.removed && next?.added) {
      // A replacement: the lines are paired in order and compared word by word.
      const added = linesOf(next.value);
      const removedRows: DiffRow[] = [];
      const addedRows: DiffRow[] = [];
      for (let at = 0; at < Math.max(lines.length, added.length); at += 1) {
        const old = lines[at];
        const fresh = added[at];
        if (old !== undefined && fresh !== undefined) {
          const parts = wordParts(old, fresh);
          removedRows.push({ kind: 'removed', parts: parts.removed });
          addedRows.push({ kind: 'added', parts: parts.added });
        } else if (old !== undefined) {
          removedRows.push({ kind: 'removed', parts: [{ text: old, changed: true }] });
        } else if (fresh !== undefined) {
          addedRows.push({ kind: 'added', parts: [{ text: fresh, changed: true }] });
        }
      }
      rows.push(...removedRows, ...addedRows);
      index += 1;
      continue;
    }
    const kind = change.removed ? 'removed' : 'added';
    for (const text of lines) rows.push({ kind, parts: [{ text, changed: true }] });
  }
  return fold(rows);
};

/** Folds unchanged stretches that are far from any change. */
const fold = (rows: DiffRow[]): DiffRow[] => {
  const near = rows.map(() => false);
  rows.forEach((row, index) => {
    if (row.kind === 'same') return;
    for (let at = index - CONTEXT_LINES; at <= index + CONTEXT_LINES; at += 1) {
      if (at >= 0 && at < rows.length) near[at] = true;
    }
  });
  const folded: DiffRow[] = [];
  let skipped: string[] = [];
  const flush = () => {
    if (skipped.length === 1 && skipped[0] !== undefined) {
      folded.push({ kind: 'same', text: skipped[0] });
    } else if (skipped.length > 1) {
      folded.push({ kind: 'skipped', lines: skipped });
    }
    skipped = [];
  };
  rows.forEach((row, index) => {
    if (row.kind === 'same' && !near[index]) {
      skipped.push(row.text);
      return;
    }
    flush();
    folded.push(row);
  });
  flush();
  return folded;
};

/** How many lines were taken out and put in. */
export const countChanges = (rows: readonly DiffRow[]) => ({
  removed: rows.filter((row) => row.kind === 'removed').length,
  added: rows.filter((row) => row.kind === 'added').length,
});
