import { BLOCK_ACTIONS } from './toolbar-block-actions';
import { INSERT_ACTIONS } from './toolbar-insert-actions';
import { TEXT_ACTIONS } from './toolbar-text-actions';
import type { BadgeKind, ToolbarAction, ToolbarGroup } from './toolbar-types';

export const GROUP_LABELS: Record<ToolbarGroup, string> = {
  formatting: 'Formatting',
  advanced: 'Advanced formatting',
  structure: 'Structure',
  lists: 'Lists',
  media: 'Media',
  special: 'Special',
};

/** The status badge kinds, `badge` shown as Info (as on the site). */
export const BADGE_KINDS: readonly { kind: BadgeKind; label: string }[] = [
  { kind: 'success', label: 'Success' },
  { kind: 'warning', label: 'Warning' },
  { kind: 'error', label: 'Error' },
  { kind: 'badge', label: 'Info' },
];

/** Every button in the toolbar's order (the rows: `toolbar-*-actions.ts`, their types: `toolbar-types.ts`). */
export const TOOLBAR: readonly ToolbarAction[] = [
  ...TEXT_ACTIONS,
  ...BLOCK_ACTIONS,
  ...INSERT_ACTIONS,
];

export const actionById = (id: string) => TOOLBAR.find((action) => action.id === id);

/** The help panel's four categories of samples, drawn from the toolbar. */
export const HELP_SECTIONS: readonly { title: string; groups: readonly ToolbarGroup[] }[] = [
  { title: 'Text formatting', groups: ['formatting', 'advanced'] },
  { title: 'Structure', groups: ['structure'] },
  { title: 'Lists and media', groups: ['lists', 'media'] },
  { title: 'Special elements', groups: ['special'] },
];

/** The quick-reference card (back-office.md §2): the eight essentials. */
export const QUICK_REFERENCE: readonly { label: string; syntax: string }[] = [
  { label: 'Bold', syntax: '**bold**' },
  { label: 'Italic', syntax: '*italic*' },
  { label: 'Strikethrough', syntax: '~~strikethrough~~' },
  { label: 'Heading', syntax: '## Heading' },
  { label: 'Link', syntax: '[text](url)' },
  { label: 'Image', syntax: '![alt](url)' },
  { label: 'Bullet list', syntax: '- item' },
  { label: 'Numbered list', syntax: '1. item' },
];

/** Badge syntax of a kind, around `text`. */
export const badgeSource = (kind: BadgeKind, text: string) => `{${kind}: ${text}}`;

/** The next footnote number not yet used in `markdown`. */
export const nextFootnote = (markdown: string) => {
  let n = 1;
  while (markdown.includes(`[^${n}]`)) n++;
  return n;
};
