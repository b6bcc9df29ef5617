/**
 * What keeps stored text intact (EDITOR-NOTES.md, "The design we want", point 3): the site's own
 * renderer is the judge of whether two texts say the same thing, an untouched document is
 * returned byte for byte, and an edited one keeps every block the admin did not touch exactly as
 * it was written.
 */
import { renderMarkdown } from '@atelier/ui/render-markdown';

/** A top-level block of a markdown text: its node type and where it is. */
export interface Block {
  type: string;
  start: number;
  end: number;
}

export type BlocksOf = (markdown: string) => Block[];

/** The editor works on `\n` line endings; a text stored with `\r\n` gets them back. */
export const toLf = (text: string) => text.replace(/\r\n?/g, '\n');

const usesCrlf = (text: string) => text.includes('\r\n') && !/(^|[^\r])\n/.test(text);

export const restoreLineEndings = (original: string, text: string) =>
  usesCrlf(original) ? toLf(text).replace(/\n/g, '\r\n') : text;

/** Whether the site shows the two texts identically. */
export const sameRendering = (a: string, b: string) => renderMarkdown(a) === renderMarkdown(b);

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Where the visual editor's version of `stored` would first look different on the site: a few
 * words of the stored text there, for the banner that explains why a document opens as source.
 */
export const firstDifference = (stored: string, exported: string): string => {
  const before = renderMarkdown(stored);
  const after = renderMarkdown(exported);
  let index = 0;
  while (index < before.length && before[index] === after[index]) index++;
  // Back to the start of the element that differs, then a few words of its text.
  const start = before.lastIndexOf('\n', index) + 1;
  const words = plain(before.slice(start, start + 400));
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
};

/**
 * The top-level blocks of `stored` (by offset, with their exact text) that show differently once
 * through the editor; empty when the two texts do not have the same blocks.
 */
export const blocksShownDifferently = (
  stored: string,
  exported: string,
  blocksOf: BlocksOf,
): Map<number, string> => {
  const before = blocksOf(stored);
  const after = blocksOf(exported);
  const differing = new Map<number, string>();
  if (before.length !== after.length) return differing;
  before.forEach((block, index) => {
    const other = after[index] as Block;
    const text = stored.slice(block.start, block.end);
    if (!sameRendering(text, exported.slice(other.start, other.end))) {
      differing.set(block.start, text);
    }
  });
  return differing;
};

/** Index pairs of a longest common subsequence of two lists of strings. */
const commonBlocks = (a: readonly string[], b: readonly string[]): Map<number, number> => {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const pairs = new Map<number, number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.set(j, i);
      i++;
      j++;
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
};

const ESCAPABLE = /\\([!-/:-@[-`{-~])/g;

/**
 * Drops backslash escapes (inside `ranges` of `text`) that the site's renderer does not need:
 * `1 \=\= 2` goes back to `1 == 2` when both show the same. At most `budget` tries.
 */
export const dropNeedlessEscapes = (
  text: string,
  ranges: readonly [number, number][],
  budget = 40,
): string => {
  const reference = renderMarkdown(text);
  const positions: number[] = [];
  for (const [from, to] of ranges) {
    for (const match of text.slice(from, to).matchAll(ESCAPABLE)) {
      const at = from + (match.index ?? 0);
      // A backslash that is itself escaped (`\\`) is not an escape.
      let run = 0;
      while (text[at - 1 - run] === '\\') run++;
      if (run % 2 === 0 && match[1] !== '\\') positions.push(at);
    }
  }
  let result = text;
  // From the end, so earlier positions stay valid.
  for (const at of positions.reverse().slice(0, budget)) {
    const candidate = result.slice(0, at) + result.slice(at + 1);
    if (renderMarkdown(candidate) === reference) result = candidate;
  }
  return result;
};

export interface FinalizeInput {
  /** The text as stored (what was loaded). */
  stored: string;
  /** The editor's export right after loading `stored`. */
  baseline: string;
  /** The editor's export now. */
  exported: string;
  blocksOf: BlocksOf;
}

/**
 * The text to save for the editor's current content. Untouched: `stored` itself. Edited: the
 * export, with every block that still matches the baseline replaced by the stored text of that
 * block (so a typo fix in one paragraph changes that paragraph only), and needless escapes dropped
 * from the blocks that changed. Whatever is returned shows on the site exactly as the export does.
 */
export const finalize = ({ stored, baseline, exported, blocksOf }: FinalizeInput): string => {
  if (exported === baseline) return stored;
  const source = toLf(stored);
  const sBlocks = blocksOf(source);
  const bBlocks = blocksOf(baseline);
  const eBlocks = blocksOf(exported);
  const eTexts = eBlocks.map((block) => exported.slice(block.start, block.end));

  let text = exported;
  let changed: [number, number][] = [[0, exported.length]];
  const aligned =
    sBlocks.length === bBlocks.length &&
    sBlocks.every((block, index) => block.type === bBlocks[index]?.type);
  if (aligned && eBlocks.length > 0) {
    const pairs = commonBlocks(
      bBlocks.map((block) => baseline.slice(block.start, block.end)),
      eTexts,
    );
    let out = '';
    const ranges: [number, number][] = [];
    eBlocks.forEach((block, j) => {
      const match = pairs.get(j);
      if (j > 0) {
        const previous = pairs.get(j - 1);
        const sPrevious = previous === undefined ? undefined : sBlocks[previous];
        const sCurrent = match === undefined ? undefined : sBlocks[match];
        out +=
          previous !== undefined && match === previous + 1 && sPrevious && sCurrent
            ? source.slice(sPrevious.end, sCurrent.start)
            : exported.slice((eBlocks[j - 1] as Block).end, block.start);
      }
      const sBlock = match === undefined ? undefined : sBlocks[match];
      if (sBlock) out += source.slice(sBlock.start, sBlock.end);
      else {
        ranges.push([out.length, out.length + (eTexts[j] ?? '').length]);
        out += eTexts[j] ?? '';
      }
    });
    // Whitespace around the whole text (a final newline) stays as stored.
    const lead = sBlocks.length > 0 ? source.slice(0, (sBlocks[0] as Block).start) : '';
    const trail = sBlocks.length > 0 ? source.slice((sBlocks.at(-1) as Block).end) : '';
    const wrapped = (/^\s*$/.test(lead) ? lead : '') + out + (/^\s*$/.test(trail) ? trail : '');
    const shift = /^\s*$/.test(lead) ? lead.length : 0;
    if (sameRendering(wrapped, exported)) {
      text = wrapped;
      changed = ranges.map(([from, to]) => [from + shift, to + shift]);
    }
  }
  return restoreLineEndings(stored, dropNeedlessEscapes(text, changed));
};
