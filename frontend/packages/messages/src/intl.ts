//! The public site's interface strings: `t(id, values)` formats a message of the active catalogue
//! (ICU MessageFormat through FormatJS's `intl-messageformat`). Catalogues are compiled at build
//! time (`compiled/*.json`, `pnpm --filter @atelier/messages compile`): a message is its syntax tree,
//! or its text when it is plain text, so the browser never parses a message.
//!
//! One catalogue is active at a time: English until `activateCatalogue` is called with another
//! (the site at start, the pre-renderer before each language's pages, a test).

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type source from '../catalogues/en.json';
import english from './english-catalogue';
import { type CatalogueLocale, DEFAULT_LOCALE } from './locale';

/** The id of an interface string: a key of the catalogues. */
export type MessageId = keyof typeof source;

/** A compiled catalogue: each message's text, or its syntax tree when it has arguments or tags. */
export type CompiledCatalogue = Readonly<Record<string, string | MessageFormatElement[]>>;

/** A message's arguments (numbers, strings, dates). */
export type MessageValues = Record<string, PrimitiveType>;

interface Active {
  locale: CatalogueLocale;
  messages: CompiledCatalogue;
  formats: Map<string, IntlMessageFormat>;
}

const catalogueOf = (locale: CatalogueLocale, messages: CompiledCatalogue): Active => ({
  locale,
  messages,
  formats: new Map(),
});

let active = catalogueOf(DEFAULT_LOCALE, english as unknown as CompiledCatalogue);

/**
 * The English catalogue, the one bundled with the code (empty in the public site's browser build,
 * whose pages load their own catalogue).
 */
export const ENGLISH_CATALOGUE = english as unknown as CompiledCatalogue;

/** Makes `messages` the catalogue every `t` formats from, in `locale`. */
export const activateCatalogue = (locale: CatalogueLocale, messages: CompiledCatalogue) => {
  active = catalogueOf(locale, messages);
};

/** The parts of each language's catalogue loaded so far (`loadCataloguePart`). */
const parts = new Map<CatalogueLocale, CompiledCatalogue>();

/** Adds a part of `locale`'s catalogue (compiled apart), for `t` in that language from now on. */
export const addCataloguePart = (locale: CatalogueLocale, messages: CompiledCatalogue) => {
  parts.set(locale, { ...parts.get(locale), ...messages });
};

/** The language of the active catalogue (`en`, `de`): the one `Intl` formats dates and numbers in. */
export const activeLocale = (): CatalogueLocale => active.locale;

/** The message `id`'s format in the active catalogue (made once per message). */
export const messageFormat = (id: MessageId): IntlMessageFormat | string => {
  const message =
    active.messages[id] ??
    parts.get(active.locale)?.[id] ??
    ENGLISH_CATALOGUE[id] ??
    parts.get(DEFAULT_LOCALE)?.[id];
  if (message === undefined) throw new Error(`No message ${id} in the ${active.locale} catalogue`);
  if (typeof message === 'string') return message;
  let format = active.formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, active.locale);
    active.formats.set(id, format);
  }
  return format;
};

/** The interface string `id` in the page's language, its arguments put in. */
export const t = (id: MessageId, values?: MessageValues): string => {
  const format = messageFormat(id);
  if (typeof format === 'string') return format;
  return String(format.format(values));
};
