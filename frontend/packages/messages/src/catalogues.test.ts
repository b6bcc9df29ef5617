// The catalogues' checks (docs/languages.md): every language has exactly the English catalogue's
// messages, every message parses and uses the English one's arguments, the compiled files are what
// `pnpm --filter @atelier/messages compile` writes, and every message id the public site's code
// names is in the catalogues (and every message is named somewhere).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { compiledFiles } from '../scripts/compile-catalogue.mjs';
import { CATALOGUE_LOCALES } from './locale';
import { SERVER_WORDS } from './server-words';

const root = fileURLToPath(new URL('..', import.meta.url));
const frontend = join(root, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const catalogue = (locale: string) => read(join(root, 'catalogues', `${locale}.json`));
const english = catalogue('en');

/** The arguments and tags a message uses, sorted: a translation must use the same. */
const placeholders = (elements: MessageFormatElement[], found = new Set<string>()) => {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return [...found].sort();
};

/** The code whose interface strings come from the catalogues: the public site and its packages. */
const SOURCES = ['apps/public/src', 'packages/site/src', 'packages/ui/src'];
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Every string literal in the code that names a message: `'<namespace>.<rest>'`. */
const idsInCode = () => {
  const namespaces = new Set(Object.keys(english).map((id) => id.split('.')[0]));
  const used = new Map<string, string>();
  for (const file of SOURCES.flatMap((folder) => sourceFiles(join(frontend, folder)))) {
    for (const [, id] of readFileSync(file, 'utf8').matchAll(/'([a-z][A-Za-z]*\.[\w.]+)'/g)) {
      if (id && namespaces.has(id.split('.')[0])) used.set(id, relative(frontend, file));
    }
  }
  // The messages the server writes itself (`server-words.json`, read by the Rust writers).
  for (const id of Object.keys(SERVER_WORDS)) used.set(id, 'packages/messages/server-words.json');
  return used;
};

describe('The message catalogues', () => {
  it.each(CATALOGUE_LOCALES.filter((locale) => locale !== 'en'))(
    'the %s catalogue has every English message and no other',
    (locale) => {
      const translated = catalogue(locale);
      const missing = Object.keys(english).filter((id) => !(id in translated));
      const extra = Object.keys(translated).filter((id) => !(id in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(CATALOGUE_LOCALES)('every message of the %s catalogue parses', (locale) => {
    const broken = Object.entries(catalogue(locale)).flatMap(([id, message]) => {
      try {
        parse(message);
        return [];
      } catch (error) {
        return [`${id}: ${(error as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
  });

  it.each(CATALOGUE_LOCALES)(
    'every message of the %s catalogue has the English arguments and tags',
    (locale) => {
      const different = Object.entries(catalogue(locale)).filter(
        ([id, message]) =>
          JSON.stringify(placeholders(parse(message))) !==
          JSON.stringify(placeholders(parse(english[id] ?? ''))),
      );
      expect(different.map(([id]) => id)).toEqual([]);
    },
  );

  it.each(CATALOGUE_LOCALES)(
    'the compiled %s catalogue is the catalogue as it is now',
    (locale) => {
      for (const [name, text] of Object.entries(compiledFiles(locale, catalogue(locale)))) {
        const compiled = readFileSync(join(root, 'compiled', name), 'utf8');
        // Out of date: run `pnpm --filter @atelier/messages compile`.
        expect(compiled, name).toBe(text);
      }
    },
  );

  it('has every message id the code names', () => {
    const unknown = [...idsInCode()]
      .filter(([id]) => !(id in english))
      .map(([id, file]) => `${id} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('has no message the code never names', () => {
    const used = idsInCode();
    expect(Object.keys(english).filter((id) => !used.has(id))).toEqual([]);
  });
});
