import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RichEngine } from './engine/rich-editor';
import { finalize, firstDifference, sameRendering, toLf } from './fidelity';
import { ALONE, type CorpusEntry, demoCorpus, EDGE_CASES, LINE_START, NESTED } from './test/corpus';
import { appendParagraph, mountEngine } from './test/engine-harness';

/**
 * Texts the visual editor cannot hold exactly: they open in source mode (and are saved byte for
 * byte, see markdown-editor.test.tsx). Each is a rare way of writing something.
 */
const OPENS_AS_SOURCE = new Set<string>([]);

/** Escapes the editor must never add to a text. */
const ESCAPES = ['\\[\\[', '\\~', '\\^', '\\=', '\\--', '\\[^', '\\+', '\\{'];
const count = (text: string, needle: string) => text.split(needle).length - 1;

let engine: RichEngine;
let unmount: () => void;

beforeAll(async () => {
  ({ engine, unmount } = await mountEngine(''));
});
afterAll(() => unmount());

const checkRoundTrip = ({ name, markdown }: CorpusEntry) => {
  const exported = engine.load(toLf(markdown));
  const opensRich = sameRendering(markdown, exported);
  if (OPENS_AS_SOURCE.has(name)) {
    expect(opensRich, `${name} now opens in the visual editor`).toBe(false);
    return;
  }
  expect(
    opensRich,
    `${name}: differs near “${firstDifference(markdown, exported)}”\n${exported}`,
  ).toBe(true);

  // Untouched: the stored text itself.
  expect(
    finalize({ stored: markdown, baseline: exported, exported, blocksOf: engine.blocksOf }),
  ).toBe(markdown);
  // Export is idempotent, so switching source ↔ rich text is stable.
  expect(engine.load(exported), `${name}: second export differs`).toBe(exported);

  // Edited: one paragraph added, every other block kept byte for byte, no new escapes.
  engine.load(toLf(markdown));
  appendParagraph(engine, 'Added by the test.');
  const edited = engine.exportNow();
  const saved = finalize({
    stored: markdown,
    baseline: exported,
    exported: edited,
    blocksOf: engine.blocksOf,
  });
  expect(sameRendering(saved, edited), `${name}: saved text shows differently`).toBe(true);
  expect(saved, `${name}: untouched blocks changed`).toContain(markdown.trim());
  expect(saved).toContain('Added by the test.');
  for (const needle of ESCAPES) {
    expect(count(saved, needle), `${name}: new ${needle}`).toBe(count(markdown, needle));
  }
};

describe('round trip through the visual editor', () => {
  for (const entry of [...ALONE, ...NESTED, ...LINE_START, ...EDGE_CASES]) {
    it(entry.name, () => checkRoundTrip(entry));
  }
});

describe('round trip of the demo content', () => {
  const demo = demoCorpus();
  it('finds the demo posts and pages in the seed', () => {
    expect(demo.length).toBeGreaterThan(30);
    expect(demo.some((entry) => entry.markdown.includes('[^1]'))).toBe(true);
  });
  for (const entry of demo) {
    it(entry.name, () => checkRoundTrip(entry));
  }
});
