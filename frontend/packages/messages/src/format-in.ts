//! Formatting with a catalogue that is not the active one: a suggestion to read the site in
//! another language, put in that language's words. Apart from `intl.ts`, so that only the pages
//! that show such a suggestion load it.

import { IntlMessageFormat } from 'intl-messageformat';
import {
  type CompiledCatalogue,
  ENGLISH_CATALOGUE,
  type MessageId,
  type MessageValues,
} from './intl';
import type { CatalogueLocale } from './locale';

/** The interface string `id` of `messages` (in `locale`), its arguments put in. */
export const tIn = (
  locale: CatalogueLocale,
  messages: CompiledCatalogue,
  id: MessageId,
  values?: MessageValues,
): string => {
  const message = messages[id] ?? ENGLISH_CATALOGUE[id];
  if (message === undefined) throw new Error(`No message ${id} in the ${locale} catalogue`);
  if (typeof message === 'string') return message;
  return String(new IntlMessageFormat(message, locale).format(values));
};
