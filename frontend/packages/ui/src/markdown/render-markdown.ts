/// <reference path="./markdown-it-plugins.d.ts" />
import createDOMPurify, { type DOMPurify } from 'dompurify';
import MarkdownIt from 'markdown-it';
import container from 'markdown-it-container';
import footnote from 'markdown-it-footnote';
import ins from 'markdown-it-ins';
import mark from 'markdown-it-mark';
import sub from 'markdown-it-sub';
import sup from 'markdown-it-sup';
import taskLists from 'markdown-it-task-lists';

/** Block tags written as `::: warning` … `:::`. */
export const MARKDOWN_CONTAINERS = ['badge', 'warning', 'success', 'error'] as const;

const createParser = (): MarkdownIt => {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false })
    .use(mark) // ==highlight==
    .use(sub) // H~2~O
    .use(sup) // x^2^
    .use(ins) // ++underline++
    .use(footnote)
    .use(taskLists, { enabled: false });
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
      }
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return instance;
};

const sanitize = (html: string): string =>
  getPurifier().sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'iframe', 'object', 'embed'],
  });

/**
 * Renders markdown to sanitized HTML: no scripts, no event handlers, no `javascript:` links;
 * external links open in a new tab with `rel="noopener noreferrer"`; images load lazily.
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
