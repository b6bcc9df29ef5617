import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RichEngine } from './engine/rich-editor';
import { finalize, firstDifference, sameRendering } from './fidelity';
import { appendParagraph, mountEngine } from './test/engine-harness';

/**
 * Property: any document built from the toolbar's constructs, combined and nested, opens in the
 * visual editor, exports to a text the site shows identically, exports again to the same text,
 * and keeps every block byte for byte when one paragraph is added.
 */

const word = fc.constantFrom(
  'alpha',
  'beta',
  'gamma',
  'H2O',
  '2019',
  'x',
  'deploy',
  'ok',
  'C#',
  'v2',
);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));

type Mark = 'bold' | 'italic' | 'underline' | 'strike' | 'highlight' | 'small';
const MARKS: Record<Mark, [string, string]> = {
  bold: ['**', '**'],
  italic: ['*', '*'],
  underline: ['++', '++'],
  strike: ['~~', '~~'],
  highlight: ['==', '=='],
  small: ['--', '--'],
};

const leaf = fc.oneof(
  words,
  word.map((w) => `${w}^2^`),
  // Subscript inside a word: `~2~` right before a closing `~~` is ambiguous on the site too.
  word.map((w) => `${w}~2~O`),
  word.map((w) => `[[${w}]]`),
  fc
    .tuple(fc.constantFrom('success', 'warning', 'error', 'badge'), words)
    .map(([kind, text]) => `{${kind}: ${text}}`),
  word.map((w) => `\`${w}\``),
  fc.tuple(words, word).map(([text, path]) => `[${text}](https://example.com/${path})`),
);

const inline = (depth: number, used: readonly Mark[]): fc.Arbitrary<string> => {
  const free = (Object.keys(MARKS) as Mark[]).filter(
    (mark) => !used.includes(mark) && !used.includes('small'),
  );
  if (depth === 0 || free.length === 0) return leaf;
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...free), fc.array(leaf, { minLength: 0, maxLength: 1 }))
        .chain(([mark, before]) =>
          inline(depth - 1, [...used, mark]).map((inner) => {
            const [open, close] = MARKS[mark];
            return `${before.map((text) => `${text} `).join('')}${open}${inner}${close}`;
          }),
        ),
    },
  );
};

const line = fc
  .array(inline(2, []), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' '));

const block = fc.oneof(
  { weight: 4, arbitrary: line },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 3 }), line)
      .map(([level, text]) => `${'#'.repeat(level)} ${text}`),
  },
  { weight: 1, arbitrary: line.map((text) => `> ${text}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('- ', '1. ', '- [ ] ', '- [x] '),
        fc.array(line, { minLength: 1, maxLength: 3 }),
      )
      .map(([marker, items]) =>
        items
          .map((item, index) => (marker === '1. ' ? `${index + 1}. ${item}` : `${marker}${item}`))
          .join('\n'),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', 'rust', 'typescript', 'bash'),
        fc.array(words, { minLength: 1, maxLength: 3 }),
      )
      .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``),
  },
  { weight: 1, arbitrary: fc.constant('---') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(inline(1, []), inline(1, [])), { minLength: 1, maxLength: 3 })
      .map((rows) =>
        ['| A | B |', '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n'),
      ),
  },
  { weight: 1, arbitrary: word.map((w) => `![${w}](/images/${w}.png)`) },
);

const documents = fc
  .tuple(fc.array(block, { minLength: 1, maxLength: 5 }), fc.boolean())
  .map(([blocks, footnote]) => {
    const body = blocks.join('\n\n');
    return footnote ? `${body}\n\nWith a note.[^1]\n\n[^1]: The note.` : body;
  });

let engine: RichEngine;
let unmount: () => void;

beforeAll(async () => {
  ({ engine, unmount } = await mountEngine(''));
});
afterAll(() => unmount());

it('keeps every combination of the toolbar syntax', () => {
  fc.assert(
    fc.property(documents, (markdown) => {
      const exported = engine.load(markdown);
      expect(
        sameRendering(markdown, exported),
        `differs near “${firstDifference(markdown, exported)}”:\n${exported}`,
      ).toBe(true);
      expect(engine.load(exported)).toBe(exported);
      engine.load(markdown);
      appendParagraph(engine, 'One more paragraph.');
      const edited = engine.exportNow();
      const saved = finalize({
        stored: markdown,
        baseline: exported,
        exported: edited,
        blocksOf: engine.blocksOf,
      });
      expect(sameRendering(saved, edited)).toBe(true);
      expect(saved.startsWith(markdown)).toBe(true);
    }),
    { numRuns: 80 },
  );
}, 120_000);
