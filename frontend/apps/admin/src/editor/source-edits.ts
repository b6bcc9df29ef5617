import { nextFootnote } from './toolbar-actions';
import type { BadgeKind, SourceEdit } from './toolbar-types';

/** A text and its selection. */
export interface SourceState {
  text: string;
  start: number;
  end: number;
}

/** The replacement of the range `from`–`to` and the selection after it. */
export interface SourceChange {
  from: number;
  to: number;
  insert: string;
  start: number;
  end: number;
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
};

/** Blank lines around a block, unless the text already has them. */
const blockPadding = (text: string, from: number, to: number) => {
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail =
    after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return { lead, trail };
};

/**
 * What a toolbar button does to markdown source: wraps the selection (or a placeholder, left
 * selected) in its syntax, prefixes the selected lines, or inserts a block on lines of its own.
 */
export const sourceChange = (
  edit: SourceEdit,
  { text, start, end }: SourceState,
  badge: BadgeKind = 'success',
): SourceChange => {
  const selected = text.slice(start, end);
  switch (edit.kind) {
    case 'wrap': {
      const before = edit.before === '{success: ' ? `{${badge}: ` : edit.before;
      const inner = selected === '' ? edit.placeholder : selected;
      return {
        from: start,
        to: end,
        insert: `${before}${inner}${edit.after}`,
        start: start + before.length,
        end: start + before.length + inner.length,
      };
    }
    case 'lines': {
      const from = lineStart(text, start);
      const to = lineEnd(
        text,
        Math.max(start, end - (end > start && text[end - 1] === '\n' ? 1 : 0)),
      );
      const lines = (text.slice(from, to) || edit.placeholder).split('\n');
      const insert = lines
        .map(
          (line, index) =>
            (typeof edit.prefix === 'function' ? edit.prefix(index) : edit.prefix) + line,
        )
        .join('\n');
      return { from, to, insert, start: from, end: from + insert.length };
    }
    case 'block': {
      const inner = selected === '' ? edit.placeholder : selected;
      const { lead, trail } = blockPadding(text, start, end);
      const insert = `${lead}${edit.before}${inner}${edit.after}${trail}`;
      const innerStart = start + lead.length + edit.before.length;
      return { from: start, to: end, insert, start: innerStart, end: innerStart + inner.length };
    }
    case 'insert': {
      const { lead, trail } = blockPadding(text, start, end);
      const insert = `${lead}${edit.text}${trail}`;
      const caret = start + insert.length;
      return { from: start, to: end, insert, start: caret, end: caret };
    }
    case 'footnote': {
      const n = nextFootnote(text);
      const reference = `[^${n}]`;
      // The reference at the cursor; its definition at the end of the text.
      const rest = text.slice(end);
      const tail = rest.endsWith('\n\n') ? '' : rest.endsWith('\n') ? '\n' : '\n\n';
      const definition = `${tail}[^${n}]: `;
      const placeholder = 'Footnote text.';
      const insert = `${reference}${rest}${definition}${placeholder}`;
      const noteStart = start + reference.length + rest.length + definition.length;
      return {
        from: start,
        to: text.length,
        insert: selected === '' ? insert : `${selected}${insert}`,
        start: noteStart + selected.length,
        end: noteStart + selected.length + placeholder.length,
      };
    }
  }
};

/** `sourceChange` applied: the new text and selection. */
export const applySourceEdit = (
  edit: SourceEdit,
  state: SourceState,
  badge?: BadgeKind,
): SourceState => {
  const change = sourceChange(edit, state, badge);
  return {
    text: state.text.slice(0, change.from) + change.insert + state.text.slice(change.to),
    start: change.start,
    end: change.end,
  };
};
