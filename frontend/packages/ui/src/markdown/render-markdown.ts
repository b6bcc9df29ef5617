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
import { type LibraryImageInfo, libraryImageFor, srcSetOf } from '../image/library-image';
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

/** How the text's pictures are shown. */
export interface MarkdownImageOptions {
  /** The record's media library images: a picture that is one gets its copies and size. */
  images?: readonly LibraryImageInfo[];
  /** The `sizes` of such a picture; by default the width of a text column. */
  sizes?: string;
}

/** The width a picture takes in a text column (`.markdown-body` is at most 48rem wide). */
export const MARKDOWN_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

// The options of the rendering under way, read by the sanitizer's hook (rendering is synchronous).
let imageOptions: MarkdownImageOptions = {};

/**
 * A library picture gets `srcset`/`sizes` of its WebP copies and its real `width`/`height`. Set
 * after sanitizing, from the record's own data: authored `srcset` stays forbidden.
 */
const describeLibraryImage = (node: Element) => {
  const library = libraryImageFor(imageOptions.images, node.getAttribute('src') ?? '');
  if (!library) return;
  node.setAttribute('width', String(library.width));
  node.setAttribute('height', String(library.height));
  const srcSet = srcSetOf(library);
  if (srcSet) {
    node.setAttribute('srcset', srcSet);
    node.setAttribute('sizes', imageOptions.sizes ?? MARKDOWN_IMAGE_SIZES);
  }
};

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
      describeLibraryImage(node);
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

const sanitize = (html: string, options: MarkdownImageOptions): string => {
  imageOptions = options;
  try {
    return getPurifier().sanitize(html, SANITIZE_CONFIG);
  } finally {
    imageOptions = {};
  }
};

/**
 * Renders markdown to sanitized HTML: no scripts, no event handlers, no `javascript:` or `data:`
 * links; external links open in a new tab with `rel="noopener noreferrer"`; images load lazily,
 * and those of the media library (`options.images`) offer their WebP copies at their real size.
 */
export const renderMarkdown = (
  source: string | null | undefined,
  options: MarkdownImageOptions = {},
): string => {
  parser ??= createParser();
  return sanitize(parser.render(source ?? ''), options);
};

/** Like `renderMarkdown` for one line of text: no paragraph or block elements. */
export const renderInlineMarkdown = (
  source: string | null | undefined,
  options: MarkdownImageOptions = {},
): string => {
  parser ??= createParser();
  return sanitize(parser.renderInline(source ?? ''), options);
};
