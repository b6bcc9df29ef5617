// Turns a catalogue's ICU messages into what the site loads (`compiled/*.json`).
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * The namespaces compiled apart from the catalogue (`compiled/<tag>.<part>.json`), loaded only by
 * the pages that show them (`loadCataloguePart`): `builtin`, the long built-in texts of the policy
 * and About pages (shown while the owner has not written their own).
 */
export const PARTS = ['builtin'];

/** The part a message is compiled into: its namespace when that is one of {@link PARTS}, else none. */
export const partOf = (id) => {
  const namespace = id.split('.')[0];
  return PARTS.includes(namespace) ? namespace : undefined;
};

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

/**
 * The compiled files of the catalogue of `locale`, by name: `<locale>.json` with every message
 * outside the parts, and `<locale>.<part>.json` for each part.
 */
export const compiledFiles = (locale, source) => {
  const entries = Object.entries(source);
  const files = {
    [`${locale}.json`]: compiledText(Object.fromEntries(entries.filter(([id]) => !partOf(id)))),
  };
  for (const part of PARTS) {
    files[`${locale}.${part}.json`] = compiledText(
      Object.fromEntries(entries.filter(([id]) => partOf(id) === part)),
    );
  }
  return files;
};
