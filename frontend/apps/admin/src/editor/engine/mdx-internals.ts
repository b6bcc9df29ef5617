/**
 * Cells MDXEditor exports at run time but leaves out of its type declarations (marked internal):
 * the parser's and the writer's extensions, which the editor's own export and block reader need.
 */

import type { NodeRef } from '@mdxeditor/editor';
import * as mdx from '@mdxeditor/editor';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';

const internals = mdx as unknown as {
  toMarkdownExtensions$: NodeRef<ToMarkdownOptions[]>;
  toMarkdownOptions$: NodeRef<ToMarkdownOptions>;
  mdastExtensions$: NodeRef<(FromMarkdownExtension | FromMarkdownExtension[])[]>;
};

export const toMarkdownExtensions$ = internals.toMarkdownExtensions$;
export const toMarkdownOptions$ = internals.toMarkdownOptions$;
export const mdastExtensions$ = internals.mdastExtensions$;
