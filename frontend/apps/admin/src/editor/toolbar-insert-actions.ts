import {
  faAsterisk,
  faCircleCheck,
  faImage,
  faKeyboard,
  faLink,
} from '@fortawesome/free-solid-svg-icons';
import { type ToolbarAction, wrap } from './toolbar-types';

/** What is inserted (back-office.md §2: the media and special groups). */
export const INSERT_ACTIONS: readonly ToolbarAction[] = [
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
