/// <reference path="./markdown-it-plugins.d.ts" />
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import MarkdownIt from 'markdown-it';
import container from 'markdown-it-container';
import footnote from 'markdown-it-footnote';
import ins from 'markdown-it-ins';
import mark from 'markdown-it-mark';
import sub from 'markdown-it-sub';
import sup from 'markdown-it-sup';
import taskLists from 'markdown-it-task-lists';
import { codeLanguagePlugin } from './plugins/code-language';
import { keyboardKeyPlugin } from './plugins/keyboard-key';
import { smallTextPlugin } from './plugins/small-text';
import { statusBadgePlugin } from './plugins/status-badge';

/** Block tags written as `::: warning` … `:::`. */
export const MARKDOWN_CONTAINERS = ['badge', 'warning', 'success', 'error'] as const;

/**
 * The one markdown dialect of the site and the back-office editor (public-site.md §2,
 * back-office.md §2 "Markdown editor"): CommonMark and tables, ~~strike~~, ++underline++,
 * ==highlight==, ^sup^, ~sub~, --small--, task lists, footnotes, `{kind: text}` status badges,
 * `[[key]]` keyboard keys, `::: kind` blocks and fenced code with a language label.
 */
const createParser = (): MarkdownIt => {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false })
    .use(mark)
    .use(sub)
    .use(sup)
    .use(ins)
    .use(footnote)
    .use(taskLists, { enabled: false })
    .use(smallTextPlugin)
    .use(keyboardKeyPlugin)
    .use(statusBadgePlugin)
    .use(codeLanguagePlugin);
  for (const name of MARKDOWN_CONTAINERS) {
    md.use(container, name, {
      render: (tokens: { nesting: number }[], index: number) =>
        tokens[index]?.nesting === 1 ? `<div class="md-${name}">\n` : '</div>\n',
    });
  }
  return md;
};

let parser: MarkdownIt | undefined;
let purifier: DOMPurify | undefined;

const getPurifier = (): DOMPurify => {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (href !== '' && !href.startsWith('#')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    }
    // A code block scrolls sideways: keyboard users must be able to focus it to scroll it.
    if (node.tagName === 'PRE') node.setAttribute('tabindex', '0');
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
    // Only task-list checkboxes: any other input becomes one, and none can be ticked.
    if (node.tagName === 'INPUT') {
      node.setAttribute('type', 'checkbox');
      node.setAttribute('disabled', '');
    }
  });
  purifier = instance;
  return instance;
};

/**
 * HTML elements only (no SVG or MathML), no inline styles, no forms or embedded documents.
 * DOMPurify itself drops scripts, event handlers and `javascript:`/`data:` link targets.
 */
const SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ['target'],
  FORBID_TAGS: [
    'style',
    'form',
    'button',
    'select',
    'textarea',
    'iframe',
    'frame',
    'object',
    'embed',
    'audio',
    'video',
  ],
  FORBID_ATTR: ['style', 'formaction', 'srcset'],
};

const sanitize = (html: string): string => getPurifier().sanitize(html, SANITIZE_CONFIG);

/**
 * Renders markdown to sanitized HTML: no scripts, no event handlers, no `javascript:` or `data:`
 * links; external links open in a new tab with `rel="noopener noreferrer"`; images load lazily.
 */
export const renderMarkdown = (source: string | null | undefined): string => {
  parser ??= createParser();
  return sanitize(parser.render(source ?? ''));
};

/** Like `renderMarkdown` for one line of text: no paragraph or block elements. */
export const renderInlineMarkdown = (source: string | null | undefined): string => {
  parser ??= createParser();
  return sanitize(parser.renderInline(source ?? ''));
};
