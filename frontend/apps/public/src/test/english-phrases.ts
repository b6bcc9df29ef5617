//! The English interface's phrases, for checking that a German page holds none of them: each run
//! of text of an English message (between its arguments and tags) of two words or more, unless the
//! German catalogue says the same (a name both languages write alike).

import german from '@atelier/messages/catalogues/de.json';
import english from '@atelier/messages/catalogues/en.json';
import { decodeHtml } from '../prerender/html-text';

/** A message's text with its arguments (`{…}`, nested ones too) and tags cut out, as separate runs. */
const runsOf = (message: string): string[] => {
  let depth = 0;
  let text = '';
  for (const character of message) {
    if (character === '{') depth += 1;
    if (depth === 0) text += character;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) text += '\n';
    }
  }
  return text
    .split(/<[^>]*>|\n/)
    .map((run) => run.trim().replace(/^[\s.,:;!?()–-]+|[\s,:;(–-]+$/g, ''))
    .filter((run) => run.split(/\s+/).length >= 2 && /[a-z]/.test(run));
};

const germanText = Object.values(german as Record<string, string>).join('\n');

/** Every English phrase a German page must not show. */
export const englishPhrases = (): string[] => {
  const translations = german as Record<string, string>;
  const phrases = new Set<string>();
  for (const [id, message] of Object.entries(english as Record<string, string>)) {
    if (translations[id] === message) continue;
    for (const run of runsOf(message)) if (!germanText.includes(run)) phrases.add(run);
  }
  return [...phrases];
};

/**
 * The text a visitor reads or hears in a page's HTML: its text between tags and the values of
 * `alt`, `title`, `aria-label`, `placeholder` and `content`, without scripts.
 */
export const visibleText = (html: string): string => {
  const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/g, ' ');
  const attributes = [
    ...withoutScripts.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g),
  ].map(([, value]) => value ?? '');
  const text = withoutScripts.replace(/<[^>]*>/g, '\n');
  return decodeHtml([text, ...attributes].join('\n'));
};

/** The phrases of {@link englishPhrases} found in `text`. */
export const englishIn = (text: string, phrases = englishPhrases()): string[] =>
  phrases.filter((phrase) => text.includes(phrase));
