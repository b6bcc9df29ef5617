import {
  faAsterisk,
  faBold,
  faCircleCheck,
  faCode,
  faHeading,
  faHighlighter,
  faImage,
  faItalic,
  faKeyboard,
  faLink,
  faListCheck,
  faListOl,
  faListUl,
  faMinus,
  faQuoteLeft,
  faStrikethrough,
  faSubscript,
  faSuperscript,
  faTextHeight,
  faUnderline,
  type IconDefinition,
} from '@fortawesome/free-solid-svg-icons';

/**
 * The toolbar as data (back-office.md §2, "Markdown editor"): one row per button. The rich-text
 * editor applies `rich`, the source editor applies `source`, and the help panel and the quick
 * reference are drawn from `syntax` and `sample`.
 */
export type ToolbarGroup = 'formatting' | 'advanced' | 'structure' | 'lists' | 'media' | 'special';

export const GROUP_LABELS: Record<ToolbarGroup, string> = {
  formatting: 'Formatting',
  advanced: 'Advanced formatting',
  structure: 'Structure',
  lists: 'Lists',
  media: 'Media',
  special: 'Special',
};

export type BadgeKind = 'success' | 'warning' | 'error' | 'badge';

/** The status badge kinds, `badge` shown as Info (as on the site). */
export const BADGE_KINDS: readonly { kind: BadgeKind; label: string }[] = [
  { kind: 'success', label: 'Success' },
  { kind: 'warning', label: 'Warning' },
  { kind: 'error', label: 'Error' },
  { kind: 'badge', label: 'Info' },
];

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

const wrap = (before: string, after: string, placeholder: string): SourceEdit => ({
  kind: 'wrap',
  before,
  after,
  placeholder,
});

export const TOOLBAR: readonly ToolbarAction[] = [
  {
    id: 'bold',
    group: 'formatting',
    label: 'Bold',
    icon: faBold,
    shortcut: 'Ctrl+B',
    syntax: '**text**',
    sample: '**bold text**',
    source: wrap('**', '**', 'bold text'),
    rich: { kind: 'format', format: 'bold' },
  },
  {
    id: 'italic',
    group: 'formatting',
    label: 'Italic',
    icon: faItalic,
    shortcut: 'Ctrl+I',
    syntax: '*text*',
    sample: '*italic text*',
    source: wrap('*', '*', 'italic text'),
    rich: { kind: 'format', format: 'italic' },
  },
  {
    id: 'underline',
    group: 'formatting',
    label: 'Underline',
    icon: faUnderline,
    shortcut: 'Ctrl+U',
    syntax: '++text++',
    sample: '++underlined text++',
    source: wrap('++', '++', 'underlined text'),
    rich: { kind: 'format', format: 'underline' },
  },
  {
    id: 'strikethrough',
    group: 'formatting',
    label: 'Strikethrough',
    icon: faStrikethrough,
    syntax: '~~text~~',
    sample: '~~struck text~~',
    source: wrap('~~', '~~', 'struck text'),
    rich: { kind: 'format', format: 'strikethrough' },
  },
  {
    id: 'highlight',
    group: 'advanced',
    label: 'Highlight',
    icon: faHighlighter,
    syntax: '==text==',
    sample: '==highlighted text==',
    source: wrap('==', '==', 'highlighted text'),
    rich: { kind: 'format', format: 'highlight' },
  },
  {
    id: 'superscript',
    group: 'advanced',
    label: 'Superscript',
    icon: faSuperscript,
    syntax: '^text^',
    sample: 'x^2^',
    source: wrap('^', '^', '2'),
    rich: { kind: 'format', format: 'superscript' },
  },
  {
    id: 'subscript',
    group: 'advanced',
    label: 'Subscript',
    icon: faSubscript,
    syntax: '~text~',
    sample: 'H~2~O',
    source: wrap('~', '~', '2'),
    rich: { kind: 'format', format: 'subscript' },
  },
  {
    id: 'small',
    group: 'advanced',
    label: 'Small text',
    icon: faTextHeight,
    syntax: '--text--',
    sample: '--fine print--',
    source: wrap('--', '--', 'fine print'),
    rich: { kind: 'raw', raw: 'small' },
  },
  {
    id: 'heading',
    group: 'structure',
    label: 'Heading',
    icon: faHeading,
    syntax: '## Heading',
    sample: '## Section heading',
    source: { kind: 'lines', prefix: '## ', placeholder: 'Heading' },
    rich: { kind: 'heading' },
  },
  {
    id: 'quote',
    group: 'structure',
    label: 'Quote',
    icon: faQuoteLeft,
    syntax: '> quote',
    sample: '> A quotation',
    source: { kind: 'lines', prefix: '> ', placeholder: 'Quote' },
    rich: { kind: 'quote' },
  },
  {
    id: 'codeBlock',
    group: 'structure',
    label: 'Code block',
    icon: faCode,
    syntax: '```language',
    sample: '```javascript\nconsole.log("Hello");\n```',
    source: { kind: 'block', before: '```javascript\n', after: '\n```', placeholder: 'code' },
    rich: { kind: 'codeBlock' },
  },
  {
    id: 'rule',
    group: 'structure',
    label: 'Horizontal rule',
    icon: faMinus,
    syntax: '---',
    sample: '---',
    source: { kind: 'insert', text: '---' },
    rich: { kind: 'rule' },
  },
  {
    id: 'bulletList',
    group: 'lists',
    label: 'Bullet list',
    icon: faListUl,
    syntax: '- item',
    sample: '- First item\n- Second item',
    source: { kind: 'lines', prefix: '- ', placeholder: 'List item' },
    rich: { kind: 'list', list: 'bullet' },
  },
  {
    id: 'numberedList',
    group: 'lists',
    label: 'Numbered list',
    icon: faListOl,
    syntax: '1. item',
    sample: '1. First step\n2. Second step',
    source: { kind: 'lines', prefix: (index) => `${index + 1}. `, placeholder: 'List item' },
    rich: { kind: 'list', list: 'number' },
  },
  {
    id: 'checkList',
    group: 'lists',
    label: 'Checkbox list',
    icon: faListCheck,
    syntax: '- [ ] task / - [x] done',
    sample: '- [x] Done\n- [ ] To do',
    source: { kind: 'lines', prefix: '- [ ] ', placeholder: 'Task' },
    rich: { kind: 'list', list: 'check' },
  },
  {
    id: 'image',
    group: 'media',
    label: 'Image',
    icon: faImage,
    syntax: '![alt](url)',
    sample: '![Description](https://example.com/image.png)',
    source: wrap('![', '](https://)', 'Description'),
    rich: { kind: 'image' },
  },
  {
    id: 'link',
    group: 'media',
    label: 'Link',
    icon: faLink,
    shortcut: 'Ctrl+K',
    syntax: '[text](url)',
    sample: '[Link text](https://example.com)',
    source: wrap('[', '](https://)', 'link text'),
    rich: { kind: 'link' },
  },
  {
    id: 'badge',
    group: 'special',
    label: 'Status badge',
    icon: faCircleCheck,
    syntax: '{success: text}',
    sample: '{success: Deployed}',
    source: wrap('{success: ', '}', 'text'),
    rich: { kind: 'raw', raw: 'badge' },
  },
  {
    id: 'kbd',
    group: 'special',
    label: 'Keyboard key',
    icon: faKeyboard,
    syntax: '[[key]]',
    sample: '[[Ctrl]] + [[S]]',
    source: wrap('[[', ']]', 'Ctrl'),
    rich: { kind: 'raw', raw: 'kbd' },
  },
  {
    id: 'footnote',
    group: 'special',
    label: 'Footnote',
    icon: faAsterisk,
    syntax: '[^1]',
    sample: 'A claim.[^1]\n\n[^1]: The source of the claim.',
    source: { kind: 'footnote' },
    rich: { kind: 'footnote' },
  },
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
