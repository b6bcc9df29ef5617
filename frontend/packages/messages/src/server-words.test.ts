import { describe, expect, it } from 'vitest';
import { ENGLISH_CATALOGUE } from './intl';
import { loadCatalogue } from './load';
import { SERVER_WORDS, type ServerWord, serverWord, serverWords } from './server-words';

const holes = (word: ServerWord) =>
  [
    ...new Set(
      (typeof word === 'string' ? [word] : Object.values(word)).flatMap((text) =>
        [...text.matchAll(/\{([^}]+)\}/g)].map((hole) => hole[1]),
      ),
    ),
  ].sort();

describe("The server's words", () => {
  it('are, in English, the templates the server falls back on', () => {
    expect(serverWords('en', ENGLISH_CATALOGUE).messages).toEqual(SERVER_WORDS);
  });

  it('are, in German, every message the server needs, with the same holes', async () => {
    const { messages } = serverWords('de', await loadCatalogue('de'));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(SERVER_WORDS).sort());
    for (const [id, word] of Object.entries(messages)) {
      expect([id, holes(word)]).toEqual([id, holes(SERVER_WORDS[id] as ServerWord)]);
    }
    // Translated, but for the words German shares with English.
    const same = Object.keys(messages).filter(
      (id) => JSON.stringify(messages[id]) === JSON.stringify(SERVER_WORDS[id]),
    );
    expect(same.sort()).toEqual([
      'feed.title',
      'nav.blog',
      'nav.portfolio',
      'post.pageTitle',
      'project.live',
      'project.meta.status',
      'project.pageTitle',
    ]);
    expect(messages['footer.copyright']).toBe('© {year} {siteName}. Alle Rechte vorbehalten.');
  });

  it('turn a plural into its branches and a tag into holes around its text', () => {
    expect(
      serverWord([
        {
          type: 6,
          value: 'count',
          offset: 0,
          pluralType: 'cardinal',
          options: {
            '=0': { value: [{ type: 0, value: 'none' }] },
            other: { value: [{ type: 7 }, { type: 0, value: ' posts' }] },
          },
        },
      ]),
    ).toEqual({ '=0': 'none', other: '{count} posts' });
    expect(
      serverWord([
        { type: 0, value: 'View' },
        { type: 8, value: 'hidden', children: [{ type: 1, value: 'title' }] },
      ]),
    ).toEqual('View{hidden}{title}{/hidden}');
  });

  it("write the language's long date, month names, plural categories and decimal separator", async () => {
    const english = serverWords('en', ENGLISH_CATALOGUE);
    expect(english.date).toBe('{month} {day}, {year}');
    expect(english.months[2]).toBe('March');
    expect(english.plurals.slice(0, 3)).toEqual(['other', 'one', 'other']);
    expect(english.decimal).toBe('.');
    const german = serverWords('de', await loadCatalogue('de'));
    expect(german.date).toBe('{day}. {month} {year}');
    expect(german.months[2]).toBe('März');
    expect(german.plurals).toHaveLength(200);
    expect(german.decimal).toBe(',');
  });
});
