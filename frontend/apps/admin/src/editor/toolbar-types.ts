import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

/**
 * The toolbar as data (back-office.md §2, "Markdown editor"): one row per button. The rich-text
 * editor applies `rich`, the source editor applies `source`, and the help panel and the quick
 * reference are drawn from `syntax` and `sample`.
 */
export type ToolbarGroup = 'formatting' | 'advanced' | 'structure' | 'lists' | 'media' | 'special';

export type BadgeKind = 'success' | 'warning' | 'error' | 'badge';

/** How a button edits markdown source around the selection. */
export type SourceEdit =
  | { kind: 'wrap'; before: string; after: string; placeholder: string }
  | { kind: 'lines'; prefix: string | ((index: number) => string); placeholder: string }
  | { kind: 'block'; before: string; after: string; placeholder: string }
  | { kind: 'insert'; text: string }
  | { kind: 'footnote' };

export type TextFormat =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'highlight'
  | 'superscript'
  | 'subscript';

/** How a button edits in rich text. */
export type RichEdit =
  | { kind: 'format'; format: TextFormat }
  | { kind: 'heading' }
  | { kind: 'quote' }
  | { kind: 'list'; list: 'bullet' | 'number' | 'check' }
  | { kind: 'codeBlock' }
  | { kind: 'rule' }
  | { kind: 'image' }
  | { kind: 'link' }
  | { kind: 'raw'; raw: 'small' | 'kbd' | 'badge' }
  | { kind: 'footnote' };

export interface ToolbarAction {
  id: string;
  group: ToolbarGroup;
  label: string;
  icon: IconDefinition;
  /** As shown to people, e.g. 'Ctrl+B'. */
  shortcut?: string;
  /** What it writes, as the help panel shows it. */
  syntax: string;
  /** A complete example for the help panel (click to copy). */
  sample: string;
  source: SourceEdit;
  rich: RichEdit;
}

/** A source edit wrapping the selection (or the placeholder) in `before` and `after`. */
export const wrap = (before: string, after: string, placeholder: string): SourceEdit => ({
  kind: 'wrap',
  before,
  after,
  placeholder,
});
