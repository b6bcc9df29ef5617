import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFields, sameValue } from './field-merge';

const base = {
  title: 'Shipping on Fridays',
  excerpt: 'Why we do it.',
  tags: ['process'],
  featured: false,
  order: '3',
};

describe('mergeFields', () => {
  it('takes each field from the only side that changed it', () => {
    const theirs = { ...base, title: 'Shipping on Mondays', tags: ['process', 'team'] };
    const mine = { ...base, excerpt: 'Why we still do it.' };
    expect(mergeFields(base, theirs, mine)).toEqual({
      values: {
        ...base,
        title: 'Shipping on Mondays',
        tags: ['process', 'team'],
        excerpt: 'Why we still do it.',
      },
      conflicts: [],
      theirs: ['title', 'tags'],
    });
  });

  it('accepts a field both sides changed the same way', () => {
    const theirs = { ...base, featured: true, tags: ['team'] };
    const mine = { ...base, featured: true, tags: ['team'] };
    expect(mergeFields(base, theirs, mine)).toEqual({ values: mine, conflicts: [], theirs: [] });
  });

  it('lists fields both sides changed differently, keeping the user’s value meanwhile', () => {
    const theirs = { ...base, title: 'Shipping on Mondays', order: '1' };
    const mine = { ...base, title: 'Shipping on Sundays', order: '2', featured: true };
    const merged = mergeFields(base, theirs, mine);
    expect(merged.conflicts).toEqual(['title', 'order']);
    expect(merged.values).toEqual(mine);
  });

  it('counts a field only one side has as changed there', () => {
    const merged = mergeFields<Record<string, unknown>>({ a: 1 }, { a: 1, b: 'new' }, { a: 2 });
    expect(merged).toEqual({ values: { a: 2, b: 'new' }, conflicts: [], theirs: ['b'] });
  });
});

describe('sameValue', () => {
  it('compares lists and objects by what they hold', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ id: '1', name: 'x' }, { name: 'x', id: '1' })).toBe(true);
    expect(sameValue({ id: '1' }, { id: '1', name: undefined })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue('', undefined)).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

/** Records of a few named fields with values of the kinds forms hold. */
const fieldValue = fc.oneof(
  fc.constantFrom('', 'a', 'b', 'Shipping'),
  fc.boolean(),
  fc.array(fc.constantFrom('x', 'y'), { maxLength: 3 }),
);
const record = fc.record({
  title: fieldValue,
  body: fieldValue,
  tags: fieldValue,
  flag: fieldValue,
});

describe('mergeFields properties', () => {
  it('merging with an unchanged side gives the other side, without conflicts', () => {
    fc.assert(
      fc.property(record, record, (original, changed) => {
        expect(mergeFields(original, original, changed).values).toEqual(changed);
        expect(mergeFields(original, changed, original).values).toEqual(changed);
        expect(mergeFields(original, changed, original).conflicts).toEqual([]);
      }),
    );
  });

  it('identical edits never conflict', () => {
    fc.assert(
      fc.property(record, record, (original, both) => {
        expect(mergeFields(original, both, both)).toMatchObject({ values: both, conflicts: [] });
      }),
    );
  });

  it('a conflict is exactly a field both sides changed to different values', () => {
    fc.assert(
      fc.property(record, record, record, (original, theirs, mine) => {
        const merged = mergeFields(original, theirs, mine);
        for (const name of Object.keys(original) as (keyof typeof original)[]) {
          const clash =
            !sameValue(original[name], theirs[name]) &&
            !sameValue(original[name], mine[name]) &&
            !sameValue(theirs[name], mine[name]);
          expect(merged.conflicts.includes(name)).toBe(clash);
          if (!clash) {
            // Without a clash the merged value is each side's change, never lost.
            if (!sameValue(original[name], mine[name]))
              expect(merged.values[name]).toEqual(mine[name]);
            if (!sameValue(original[name], theirs[name]))
              expect(merged.values[name]).toEqual(theirs[name]);
          }
        }
      }),
    );
  });
});
