import { describe, expect, it } from 'vitest';
import { asText, mergedValues, startTexts } from './conflict-text';
import { hasConflictMarks } from './three-way';

describe('asText', () => {
  it('writes each kind of form value as one line', () => {
    expect(asText(null)).toBe('');
    expect(asText(undefined)).toBe('');
    expect(asText('plain')).toBe('plain');
    expect(asText(true)).toBe('Yes');
    expect(asText(false)).toBe('No');
    expect(asText(['a', 2, false])).toBe('a, 2, No');
    expect(asText({ a: 1 })).toBe('{"a":1}');
    expect(asText(0)).toBe('0');
  });
});

describe('startTexts', () => {
  it('merges only the clashing markdown fields, marking lines both sides changed', () => {
    const base = { body: 'one\ntwo\nthree', title: 'T' };
    const theirs = { body: 'one\nTWO\nthree', title: 'Theirs' };
    const mine = { body: 'one\n2\nthree', title: 'Mine' };
    const texts = startTexts(
      [{ name: 'body', markdown: true }, { name: 'title' }],
      base,
      theirs,
      mine,
    );
    expect(Object.keys(texts)).toEqual(['body']);
    expect(hasConflictMarks(texts.body ?? '')).toBe(true);
    expect(texts.body).toContain('TWO');
    expect(texts.body).toContain('2');
  });

  it('keeps both sides where their changes do not touch the same lines', () => {
    const texts = startTexts(
      [{ name: 'body', markdown: true }],
      { body: 'a\nb\nc\nd' },
      { body: 'A\nb\nc\nd' },
      { body: 'a\nb\nc\nD' },
    );
    expect(texts.body).toBe('A\nb\nc\nD');
  });
});

describe('mergedValues', () => {
  const values = { body: 'merged', title: 'Mine', tags: ['x'] };
  const theirs = { body: 'theirs', title: 'Theirs', tags: ['y'] };

  it('takes the edited text of a markdown field, the user’s value of an unchosen short field', () => {
    expect(
      mergedValues(
        values,
        [{ name: 'body', markdown: true }, { name: 'title' }],
        { body: 'edited' },
        {},
        theirs,
      ),
    ).toEqual({ body: 'edited', title: 'Mine', tags: ['x'] });
  });

  it('takes theirs for a short field the user chose theirs for, and an empty text when none', () => {
    expect(
      mergedValues(
        values,
        [{ name: 'body', markdown: true }, { name: 'title' }],
        {},
        { title: 'theirs' },
        theirs,
      ),
    ).toEqual({ body: '', title: 'Theirs', tags: ['x'] });
  });

  it('does not change the values it is given', () => {
    mergedValues(values, [{ name: 'title' }], {}, { title: 'theirs' }, theirs);
    expect(values.title).toBe('Mine');
  });
});
