/**
 * Teaches MDXEditor the site's markdown dialect and makes it write every construct back the way
 * the site's renderer reads it (EDITOR-NOTES.md, "The design we want", points 1 and 2): reading in
 * `import-visitors.ts` (what stays source: `raw-kinds.ts`), writing in `export-visitors.ts`.
 */
import {
  addExportVisitor$,
  addImportVisitor$,
  addLexicalNode$,
  addMdastExtension$,
  addSyntaxExtension$,
  addToMarkdownExtension$,
  type Realm,
  realmPlugin,
  syntaxExtensions$,
} from '@mdxeditor/editor';
import type * as Mdast from 'mdast';
import { gfmFootnoteFromMarkdown, gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import { atelierFromMarkdown, atelierToMarkdown } from '../syntax/mdast-atelier';
import { atelierSyntax } from '../syntax/micromark-atelier';
import { exportVisitors } from './export-visitors';
import { createImportVisitors, type Serialize } from './import-visitors';
import { toMarkdownExtensions$, toMarkdownOptions$ } from './mdx-internals';
import { htmlFlowFromMarkdown } from './raw-kinds';
import { RawBlockNode, RawInlineNode } from './raw-nodes';

type AnyNode = Mdast.Nodes;

/** GFM's strikethrough reads a single `~` as strike; the site reads `~x~` as subscript. */
const isStrikethrough = (extension: unknown) => {
  const construct = (extension as MicromarkExtension).text?.[126] as { name?: string } | undefined;
  return construct?.name === 'strikethrough';
};

/** A copy of `node` in which indented code stays indented when written. */
const keepIndentedCode = (node: AnyNode): AnyNode => {
  if (node.type === 'code' && node.data?.atelierIndented) {
    return { type: 'atelierIndentedCode', value: node.value };
  }
  if ('children' in node) {
    return { ...node, children: (node.children as AnyNode[]).map(keepIndentedCode) } as AnyNode;
  }
  return node;
};

/** Serializes one mdast node the way the editor writes a whole document. */
export const createSerializer =
  (realm: Realm): Serialize =>
  (node, options = {}) =>
    toMarkdown(keepIndentedCode(node) as Mdast.Root, {
      extensions: realm.getValue(toMarkdownExtensions$),
      ...realm.getValue(toMarkdownOptions$),
      ...options,
    });

/**
 * The plugin. List it after MDXEditor's own plugins: it replaces their single-tilde strikethrough
 * and takes precedence over their visitors.
 */
export const atelierMarkdownPlugin = realmPlugin({
  init(realm) {
    realm.pub(
      syntaxExtensions$,
      realm
        .getValue(syntaxExtensions$)
        .map((extension) =>
          isStrikethrough(extension) ? gfmStrikethrough({ singleTilde: false }) : extension,
        ),
    );
    const serialize = createSerializer(realm);
    realm.pubIn({
      [addSyntaxExtension$]: [atelierSyntax(), gfmFootnote()],
      [addMdastExtension$]: [
        atelierFromMarkdown(),
        gfmFootnoteFromMarkdown(),
        htmlFlowFromMarkdown,
      ],
      [addToMarkdownExtension$]: [gfmFootnoteToMarkdown(), atelierToMarkdown()],
      [addLexicalNode$]: [RawInlineNode, RawBlockNode],
      [addImportVisitor$]: createImportVisitors(serialize, realm),
      [addExportVisitor$]: exportVisitors,
    });
  },
});
