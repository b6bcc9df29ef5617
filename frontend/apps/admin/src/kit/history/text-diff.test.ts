import { describe, expect, it } from 'vitest';
import { countChanges, lineDiff, wordParts } from './text-diff';

describe('lineDiff', () => {
  it('pairs a changed line with its replacement and marks the words that differ', () => {
    const rows = lineDiff('# Title\n\nThe old words stay.\n', '# Title\n\nThe new words stay.\n');
    expect(rows).toEqual([
      { kind: 'same', text: '# Title' },
      { kind: 'same', text: '' },
      {
        kind: 'removed',
        parts: [
          { text: 'The ', changed: false },
          { text: 'old', changed: true },
          { text: ' words stay.', changed: false },
        ],
      },
      {
        kind: 'added',
        parts: [
          { text: 'The ', changed: false },
          { text: 'new', changed: true },
          { text: ' words stay.', changed: false },
        ],
      },
    ]);
  });

  it('shows lines only one side has as wholly changed', () => {
    const rows = lineDiff('a\nb\n', 'a\nb\nc\n');
    expect(rows.at(-1)).toEqual({ kind: 'added', parts: [{ text: 'c', changed: true }] });
    expect(countChanges(rows)).toEqual({ removed: 0, added: 1 });
  });

  it('folds unchanged lines far from any change and keeps two around each change', () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index}`);
    const after = [...lines];
    after[10] = 'line ten';
    const rows = lineDiff(lines.join('\n'), after.join('\n'));
    expect(rows[0]).toEqual({ kind: 'skipped', lines: lines.slice(0, 8) });
    expect(rows.slice(1, 3)).toEqual([
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
    ]);
    expect(rows.at(-1)).toEqual({ kind: 'skipped', lines: lines.slice(13) });
  });

  it('reads CRLF texts like LF ones, so line endings alone are no change', () => {
    expect(countChanges(lineDiff('a\r\nb\r\n', 'a\nb\n'))).toEqual({ removed: 0, added: 0 });
  });

  it('has no rows for two empty texts', () => {
    expect(lineDiff('', '')).toEqual([]);
  });
});

describe('wordParts', () => {
  it('gives each side its own changed words and the shared ones', () => {
    expect(wordParts('Ship it on Monday', 'Ship it on Friday')).toEqual({
      removed: [
        { text: 'Ship it on ', changed: false },
        { text: 'Monday', changed: true },
      ],
      added: [
        { text: 'Ship it on ', changed: false },
        { text: 'Friday', changed: true },
      ],
    });
  });
});
