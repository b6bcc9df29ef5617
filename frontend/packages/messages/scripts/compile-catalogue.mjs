// Turns a catalogue's ICU messages into what the site loads (`compiled/*.json`).
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * A message compiled: its text when it is plain text (no argument, tag or escape left), else its
 * syntax tree, as `formatjs compile --ast` writes it. Throws on a message that does not parse.
 */
export const compileMessage = (message) => {
  const tree = parse(message);
  if (tree.length === 0) return '';
  if (tree.length === 1 && tree[0].type === TYPE.literal) return tree[0].value;
  return tree;
};

/** Every message of a catalogue compiled, in the catalogue's order. */
export const compileCatalogue = (source) =>
  Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));

/** The compiled file's text for a catalogue. */
export const compiledText = (source) => `${JSON.stringify(compileCatalogue(source))}\n`;
