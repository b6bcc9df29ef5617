/**
 * How the editor reads a document: the site's extras become Lexical formats or raw nodes, and
 * anything it cannot model is kept as its markdown instead of stopping the document.
 */
import { $createListItemNode, $createListNode, $isListItemNode } from '@lexical/list';
import {
  Cell,
  IS_SUBSCRIPT,
  IS_SUPERSCRIPT,
  IS_UNDERLINE,
  type MdastImportVisitor,
  type Realm,
} from '@mdxeditor/editor';
import type { ElementNode } from 'lexical';
import type * as Mdast from 'mdast';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import {
  hasRawBlockInside,
  isFlowHtml,
  markersFor,
  marksOverAllText,
  rawBlockKind,
  rawInlineKind,
} from './raw-kinds';
import { $createRawBlockNode, $createRawInlineNode } from './raw-nodes';

type AnyNode = Mdast.Nodes;

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

const FORMAT_OF: Partial<Record<string, number>> = {
  ins: IS_UNDERLINE,
  sub: IS_SUBSCRIPT,
  sup: IS_SUPERSCRIPT,
};

export type Serialize = (node: AnyNode, options?: ToMarkdownOptions) => string;

/**
 * Top-level blocks to keep as written for the next load, by their offset in the text loaded:
 * what the editor would change is kept as its exact source (see `MarkdownEditor`'s `open`).
 */
export const forcedRawBlocks$ = Cell<ReadonlyMap<number, string>>(new Map());

export const createImportVisitors = (serialize: Serialize, realm: Realm) => {
  /** A block the editor would change when loaded as usual: kept exactly as written. */
  const forced: MdastImportVisitor<Mdast.RootContent> = {
    priority: 30,
    testNode: (node) =>
      node.type !== 'root' &&
      realm.getValue(forcedRawBlocks$).has(node.position?.start.offset ?? -1),
    visitNode({ mdastNode, lexicalParent }) {
      const source = realm.getValue(forcedRawBlocks$).get(mdastNode.position?.start.offset ?? -1);
      (lexicalParent as ElementNode).append($createRawBlockNode('markdown', source ?? ''));
    },
  };

  /** A block (or a container holding one) that only survives as its markdown. */
  const rawBlock: MdastImportVisitor<Mdast.RootContent> = {
    priority: 20,
    testNode: (node) =>
      node.type !== 'root' &&
      !(node.type === 'html' && !isFlowHtml(node)) &&
      (rawBlockKind(node) !== null ||
        (['blockquote', 'list', 'listItem'].includes(node.type) && hasRawBlockInside(node))),
    visitNode({ mdastNode, lexicalParent }) {
      const kind = rawBlockKind(mdastNode) ?? 'markdown';
      const value =
        kind === 'html'
          ? (mdastNode as Mdast.Html).value
          : serialize(mdastNode, markersFor(mdastNode)).replace(/\n+$/, '');
      (lexicalParent as ElementNode).append($createRawBlockNode(kind, value));
    },
  };

  const rawInline: MdastImportVisitor<Mdast.RootContent> = {
    priority: 20,
    testNode: (node) => !isFlowHtml(node) && rawInlineKind(node) !== null,
    visitNode({ mdastNode, lexicalParent, actions }) {
      const kind = rawInlineKind(mdastNode) ?? 'markdown';
      const value =
        mdastNode.type === 'atelierRawInline' || mdastNode.type === 'html'
          ? mdastNode.value
          : serialize(mdastNode).replace(/\n+$/, '');
      const node = $createRawInlineNode(kind, value);
      node.setFormatFlags(actions.getParentFormatting());
      (lexicalParent as ElementNode).append(node);
    },
  };

  const formats: MdastImportVisitor<Mdast.RootContent> = {
    priority: 20,
    testNode: (node) => FORMAT_OF[node.type] !== undefined,
    visitNode({ mdastNode, actions, lexicalParent }) {
      actions.addFormatting(FORMAT_OF[mdastNode.type] as never);
      actions.visitChildren(mdastNode as Mdast.Parent, lexicalParent);
    },
  };

  /**
   * A link inside marks takes them along (`**[docs](…)**` stays bold); a link whose whole text is
   * marked inside it (`[**docs**](…)`) would come back with the marks outside, so it is kept.
   */
  const link: MdastImportVisitor<Mdast.Link> = {
    priority: 20,
    testNode: 'link',
    visitNode({ mdastNode, lexicalParent, actions }) {
      if (marksOverAllText(mdastNode)) {
        const node = $createRawInlineNode('link', serialize(mdastNode).replace(/\n+$/, ''));
        node.setFormatFlags(actions.getParentFormatting());
        (lexicalParent as ElementNode).append(node);
        return;
      }
      actions.addFormatting(0 as never);
      actions.nextVisitor();
    },
  };

  /** An image cannot carry marks in the editor: inside marks it is kept as written. */
  const image: MdastImportVisitor<Mdast.Image> = {
    priority: 20,
    testNode: 'image',
    visitNode({ mdastNode, lexicalParent, actions }) {
      const format = actions.getParentFormatting();
      if (format === 0) {
        actions.nextVisitor();
        return;
      }
      const node = $createRawInlineNode('image', serialize(mdastNode).replace(/\n+$/, ''));
      node.setFormatFlags(format);
      (lexicalParent as ElementNode).append(node);
    },
  };

  /** MDXEditor's list visitor, keeping an ordered list's first number. */
  const list: MdastImportVisitor<Mdast.List> = {
    priority: 10,
    testNode: 'list',
    visitNode({ mdastNode, lexicalParent, actions }) {
      const type = mdastNode.children.some((item) => typeof item.checked === 'boolean')
        ? 'check'
        : mdastNode.ordered
          ? 'number'
          : 'bullet';
      const node = $createListNode(type, mdastNode.ordered ? (mdastNode.start ?? 1) : 1);
      if ($isListItemNode(lexicalParent)) {
        const holder = $createListItemNode();
        holder.append(node);
        lexicalParent.insertAfter(holder);
      } else {
        (lexicalParent as ElementNode).append(node);
      }
      actions.visitChildren(mdastNode, node);
    },
  };

  /** Whatever else appears is kept as markdown rather than stopping the document from loading. */
  const fallback: MdastImportVisitor<Mdast.RootContent> = {
    priority: -100,
    testNode: () => true,
    visitNode({ mdastNode, mdastParent, lexicalParent }) {
      const value = serialize(mdastNode).replace(/\n+$/, '');
      (lexicalParent as ElementNode).append(
        mdastParent && !FLOW_PARENTS.has(mdastParent.type)
          ? $createRawInlineNode('markdown', value)
          : $createRawBlockNode('markdown', value),
      );
    },
  };

  return [
    forced,
    rawBlock,
    rawInline,
    formats,
    link,
    image,
    list,
    fallback,
  ] as MdastImportVisitor<Mdast.Nodes>[];
};
