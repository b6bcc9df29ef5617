//! The words the server writes itself (the footer, the breadcrumbs, a list's count line, a card's
//! labels, dates…), per language, for `pages.json`'s `words` (docs/languages.md, "The server's own
//! words"). `server-words.json` lists the messages the server needs with their English templates;
//! the server reads that file too (`include_str!`), as its words when a build has none.
//!
//! A message becomes a plain template with named holes the server fills (`About {siteName}`): an
//! argument or a number is `{name}`, a tag `{tag}…{/tag}`, and a plural its branches
//! (`{"one": "{count} post", "other": "{count} posts"}`), `#` being the count's hole. The server
//! picks a branch with `plurals` (the category of each count below 200) and writes dates with
//! `months` and `date` (the language's long date, `{month} {day}, {year}`), and a decimal with
//! `decimal` (its separator).

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import english from '../server-words.json';
import { type CompiledCatalogue, ENGLISH_CATALOGUE } from './intl';
import type { CatalogueLocale } from './locale';

/** A server word: a template, or a plural's templates by CLDR category (or `=N`). */
export type ServerWord = string | Readonly<Record<string, string>>;

/** `pages.json`'s `words`. */
export interface ServerWords {
  messages: Record<string, ServerWord>;
  /** The plural category of each count from 0 to 199; from 200 the server reads 100 + n mod 100's. */
  plurals: string[];
  /** The months' names as a long date writes them, January first. */
  months: string[];
  /** The long date, with `{month}`, `{day}` and `{year}` holes. */
  date: string;
  /** The decimal separator (`3.5`, `3,5`), for the decimals the server writes (a rating). */
  decimal: string;
}

/** The messages the server writes, with their English templates. */
export const SERVER_WORDS: Readonly<Record<string, ServerWord>> = english;

/** How many counts `plurals` lists. */
export const PLURAL_COUNTS = 200;

type Forms = Record<string, string>;

const PLAIN = '';

/** `a` then `b`: at most one of them may have branches. */
const joined = (a: Forms, b: Forms): Forms => {
  if (Object.keys(a).length === 1 && PLAIN in a)
    return Object.fromEntries(Object.entries(b).map(([key, text]) => [key, a[PLAIN] + text]));
  if (Object.keys(b).length === 1 && PLAIN in b)
    return Object.fromEntries(Object.entries(a).map(([key, text]) => [key, text + b[PLAIN]]));
  throw new Error('a server word has at most one plural');
};

// The element types of `@formatjs/icu-messageformat-parser` (`TYPE`).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

const formsOf = (nodes: readonly MessageFormatElement[], count?: string): Forms =>
  nodes.reduce<Forms>((forms, node) => joined(forms, formsOfOne(node, count)), { [PLAIN]: '' });

const formsOfOne = (node: MessageFormatElement, count?: string): Forms => {
  switch (node.type) {
    case LITERAL:
      return { [PLAIN]: node.value };
    case ARGUMENT:
    case NUMBER:
      return { [PLAIN]: `{${node.value}}` };
    case POUND:
      if (!count) throw new Error('# outside a plural');
      return { [PLAIN]: `{${count}}` };
    case PLURAL: {
      if (node.pluralType === 'ordinal' || node.offset)
        throw new Error('a server word counts plainly');
      const branches: Forms = {};
      for (const [key, option] of Object.entries(node.options)) {
        const forms = formsOf(option.value, node.value);
        if (!(PLAIN in forms)) throw new Error('a server word has at most one plural');
        branches[key] = forms[PLAIN] ?? '';
      }
      return branches;
    }
    case TAG:
      return joined(joined({ [PLAIN]: `{${node.value}}` }, formsOf(node.children, count)), {
        [PLAIN]: `{/${node.value}}`,
      });
    default:
      throw new Error(`a server word cannot hold a ${node.type} element`);
  }
};

/** A compiled message as a server word. */
export const serverWord = (message: string | readonly MessageFormatElement[]): ServerWord => {
  if (typeof message === 'string') return message;
  const forms = formsOf(message);
  return Object.keys(forms).length === 1 && PLAIN in forms ? (forms[PLAIN] ?? '') : forms;
};

/** The day every language's long date is read from (its parts' order and literals). */
const SAMPLE = Date.UTC(2024, 2, 15);

/** The server's words in `locale`, from its compiled catalogue (English for a message it lacks). */
export const serverWords = (locale: CatalogueLocale, catalogue: CompiledCatalogue): ServerWords => {
  const messages: Record<string, ServerWord> = {};
  for (const id of Object.keys(SERVER_WORDS)) {
    const message = catalogue[id] ?? ENGLISH_CATALOGUE[id];
    if (message === undefined) throw new Error(`no message ${id} for the server`);
    messages[id] = serverWord(message);
  }
  const rules = new Intl.PluralRules(locale);
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const months = Array.from(
    { length: 12 },
    (_, month) =>
      format.formatToParts(Date.UTC(2024, month, 15)).find((part) => part.type === 'month')
        ?.value ?? '',
  );
  const holes: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
    month: '{month}',
    day: '{day}',
    year: '{year}',
  };
  const date = format
    .formatToParts(SAMPLE)
    .map((part) => holes[part.type] ?? part.value)
    .join('');
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
      ?.value ?? '.';
  return {
    messages,
    plurals: Array.from({ length: PLURAL_COUNTS }, (_, count) => rules.select(count)),
    months,
    date,
    decimal,
  };
};
