import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFLICT_MARKS, countMarks, hasConflictMarks, mergeText, resolveMarks } from './three-way';

/** Markdown-ish lines from a small set, so sides often share and repeat lines. */
const line = fc.constantFrom(
  '# Title',
  '',
  'Intro.',
  '- one',
  '- two',
  'Body text.',
  '> quote',
  'End.',
);
const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));

/** Lines of a text as the merge counts them. */
const lines = (value: string) => value.split('\n');

describe('mergeText', () => {
  it('takes the changes of the only side that changed', () => {
    expect(mergeText('A\nB\nC\n', 'A\nB\nC\n', 'A\nB2\nC\n')).toEqual({
      text: 'A\nB2\nC\n',
      conflicts: 0,
    });
    expect(mergeText('A\nB\nC\n', 'A\nB\nC\nD\n', 'A\nB\nC\n')).toEqual({
      text: 'A\nB\nC\nD\n',
      conflicts: 0,
    });
  });

  it('keeps edits of different paragraphs from both sides', () => {
    const base = '# Fridays\n\nWe ship on Fridays.\n\nEvery week.\n\nSee you.\n';
    const theirs = '# Fridays\n\nWe ship on Fridays, always.\n\nEvery week.\n\nSee you.\n';
    const mine = '# Fridays\n\nWe ship on Fridays.\n\nEvery week.\n\nSee you soon.\n';
    expect(mergeText(base, theirs, mine)).toEqual({
      text: '# Fridays\n\nWe ship on Fridays, always.\n\nEvery week.\n\nSee you soon.\n',
      conflicts: 0,
    });
  });

  it('marks a line both sides changed differently, the user’s version first', () => {
    const merged = mergeText(
      'Title\nWe ship on Fridays.\nEnd\n',
      'Title\nWe ship on Mondays.\nEnd\n',
      'Title\nWe ship on Sundays.\nEnd\n',
    );
    expect(merged.conflicts).toBe(1);
    expect(merged.text).toBe(
      [
        'Title',
        CONFLICT_MARKS.mine,
        'We ship on Sundays.',
        CONFLICT_MARKS.divider,
        'We ship on Mondays.',
        CONFLICT_MARKS.theirs,
        'End',
        '',
      ].join('\n'),
    );
    expect(hasConflictMarks(merged.text)).toBe(true);
  });

  it('counts each conflicting place once', () => {
    const merged = mergeText('a\nb\nc\nd\ne\n', 'A1\nb\nc\nd\nE1\n', 'A2\nb\nc\nd\nE2\n');
    expect(merged.conflicts).toBe(2);
  });

  it('reads Windows line endings as plain ones', () => {
    expect(mergeText('A\r\nB\r\n', 'A\r\nB\r\n', 'A\r\nB2\r\n').text).toBe('A\nB2\n');
  });

  it('merging with an unchanged side gives the other side', () => {
    fc.assert(
      fc.property(text, text, (base, changed) => {
        expect(mergeText(base, base, changed)).toEqual({ text: changed, conflicts: 0 });
        expect(mergeText(base, changed, base)).toEqual({ text: changed, conflicts: 0 });
      }),
    );
  });

  it('the same edit on both sides merges cleanly into that edit', () => {
    fc.assert(
      fc.property(text, text, (base, both) => {
        expect(mergeText(base, both, both)).toEqual({ text: both, conflicts: 0 });
      }),
    );
  });

  it('edits of lines apart from each other both survive', () => {
    const edits = fc
      .integer({ min: 4, max: 20 })
      .chain((size) =>
        fc.tuple(
          fc.constant(size),
          fc.integer({ min: 0, max: size - 1 }),
          fc.integer({ min: 0, max: size - 1 }),
          fc.boolean(),
        ),
      )
      .filter(([, at, other]) => Math.abs(at - other) >= 2);
    fc.assert(
      fc.property(edits, ([size, mineAt, theirsAt, mineInserts]) => {
        const base = Array.from({ length: size }, (_, index) => `Line ${index}`);
        const mine = [...base];
        // The user either rewrites a line or adds one after it; the other side rewrites another.
        if (mineInserts) mine.splice(mineAt + 1, 0, 'Added by me');
        else mine[mineAt] = 'Rewritten by me';
        const theirs = [...base];
        theirs[theirsAt] = 'Rewritten by them';
        const merged = mergeText(base.join('\n'), theirs.join('\n'), mine.join('\n'));
        const expected = [...base];
        expected[theirsAt] = 'Rewritten by them';
        if (mineInserts) expected.splice(mineAt + 1, 0, 'Added by me');
        else expected[mineAt] = 'Rewritten by me';
        expect(merged).toEqual({ text: expected.join('\n'), conflicts: 0 });
      }),
    );
  });

  it('never loses a line only one side added', () => {
    fc.assert(
      fc.property(text, text, text, (base, theirs, mine) => {
        const result = new Set(lines(mergeText(base, theirs, mine).text));
        const before = new Set(lines(base));
        for (const [side, other] of [
          [mine, theirs],
          [theirs, mine],
        ] as const) {
          const otherLines = new Set(lines(other));
          for (const added of lines(side)) {
            if (!before.has(added) && !otherLines.has(added)) expect(result).toContain(added);
          }
        }
      }),
    );
  });

  it('marks are left exactly when there is a conflict', () => {
    fc.assert(
      fc.property(text, text, text, (base, theirs, mine) => {
        const merged = mergeText(base, theirs, mine);
        expect(hasConflictMarks(merged.text)).toBe(merged.conflicts > 0);
      }),
    );
  });
});

describe('hasConflictMarks', () => {
  it('sees an opening or closing mark left in the text', () => {
    expect(hasConflictMarks(`Intro\n${CONFLICT_MARKS.mine}\nmine`)).toBe(true);
    expect(hasConflictMarks(`theirs\n${CONFLICT_MARKS.theirs}\nEnd`)).toBe(true);
    expect(hasConflictMarks('<<<<<<<\n')).toBe(true);
  });

  it('lets a heading underlined with equal signs through', () => {
    expect(hasConflictMarks('Title\n=======\n\nText <<<<<<< in a line\n')).toBe(false);
  });
});

describe('resolveMarks', () => {
  const marked = mergeText('a\nb\nc\n', 'a\nB2\nc\n', 'a\nB1\nc\n').text;

  it('keeps one side of every marked place', () => {
    expect(resolveMarks(marked, 'mine')).toBe('a\nB1\nc\n');
    expect(resolveMarks(marked, 'theirs')).toBe('a\nB2\nc\n');
    expect(countMarks(marked)).toBe(1);
    expect(countMarks(resolveMarks(marked, 'mine'))).toBe(0);
  });

  it('leaves a place whose marks the user already edited', () => {
    const edited = `x\n${CONFLICT_MARKS.mine}\nmine only\n`;
    expect(resolveMarks(edited, 'theirs')).toBe(edited);
  });
});
