/**
 * How the editor writes a document back: marks continue the open ones and open longest-running
 * first, a link's shared marks go around it, and raw nodes are written exactly as they were read.
 */
import { $isLinkNode } from '@lexical/link';
import { $isListNode } from '@lexical/list';
import {
  IS_BOLD,
  IS_CODE,
  IS_HIGHLIGHT,
  IS_ITALIC,
  IS_STRIKETHROUGH,
  IS_SUBSCRIPT,
  IS_SUPERSCRIPT,
  IS_UNDERLINE,
  type LexicalExportVisitor,
} from '@mdxeditor/editor';
import {
  $isElementNode,
  $isLineBreakNode,
  $isTextNode,
  type ElementNode,
  type LexicalNode,
  type LineBreakNode,
  type TextNode,
} from 'lexical';
import type * as Mdast from 'mdast';
import { $isRawInlineNode, RawBlockNode, type RawInlineNode } from './raw-nodes';

type AnyNode = Mdast.Nodes;

type Wrapper = 'ins' | 'emphasis' | 'strong' | 'delete' | 'highlight';

/** Marks that may hold other inline markdown, outermost first. */
const MARKS: readonly [number, Wrapper][] = [
  [IS_UNDERLINE, 'ins'],
  [IS_ITALIC, 'emphasis'],
  [IS_BOLD, 'strong'],
  [IS_STRIKETHROUGH, 'delete'],
  [IS_HIGHLIGHT, 'highlight'],
];

const JOINABLE = new Set(['text', 'sub', 'sup']);

const MARK_FLAGS = MARKS.reduce((flags, [flag]) => flags | flag, 0);

/** Marks written outside the link being written, so its text does not repeat them. */
let hoisted = 0;

/** The marks shared by every piece of a link's text: written around the link. */
const commonFormat = (node: ElementNode): number => {
  const children = node.getChildren();
  if (children.length === 0) return 0;
  return (
    children.reduce(
      (common, child) =>
        common & ($isTextNode(child) || $isRawInlineNode(child) ? formatOf(child) : 0),
      MARK_FLAGS,
    ) & MARK_FLAGS
  );
};

const formatOf = (node: LexicalNode | null): number => {
  if ($isTextNode(node)) return node.getFormat() & ~hoisted;
  if ($isRawInlineNode(node)) return node.getFormatFlags() & ~hoisted;
  if ($isLinkNode(node)) return commonFormat(node) & ~hoisted;
  return 0;
};

type ExportActions = Parameters<
  NonNullable<LexicalExportVisitor<LexicalNode, Mdast.RootContent>['visitLexicalNode']>
>[0]['actions'];

const FLAG_OF: Partial<Record<string, number>> = Object.fromEntries(
  MARKS.map(([flag, type]) => [type, flag]),
);

/** How many inline nodes in a row, from `node` on, carry `flag`. */
const runLength = (node: LexicalNode, flag: number) => {
  let length = 0;
  let current: LexicalNode | null = node;
  while (current && formatOf(current) & flag) {
    length++;
    current = current.getNextSibling();
  }
  return length;
};

/**
 * Opens the marks of one inline node inside `parent` and returns the innermost parent. Marks the
 * previous node left open are continued (so `**a *b* c**` stays one bold run); new marks open
 * longest-running first, so a mark that goes on after this node wraps the others.
 */
const openMarks = (
  node: LexicalNode,
  format: number,
  parent: Mdast.Parent,
  actions: ExportActions,
): Mdast.Parent => {
  let inner = parent;
  let remaining = format & MARK_FLAGS;
  for (;;) {
    const last = inner.children.at(-1) as AnyNode | undefined;
    const flag = last ? FLAG_OF[last.type] : undefined;
    if (!last || flag === undefined || !(remaining & flag)) break;
    inner = last as Mdast.Parent;
    remaining &= ~flag;
  }
  const opening = MARKS.filter(([flag]) => remaining & flag)
    .map(([flag, type], order) => ({ type, order, run: runLength(node, flag) }))
    .sort((a, b) => b.run - a.run || a.order - b.order);
  for (const { type } of opening) {
    inner = actions.appendToParent(inner, { type, children: [] } as never) as Mdast.Parent;
  }
  return inner;
};

const joinVisitor = {
  shouldJoin: (previous: Mdast.RootContent, current: Mdast.RootContent) =>
    previous.type === current.type && JOINABLE.has(previous.type),
  join<T extends Mdast.RootContent>(previous: T, current: T): T {
    if (previous.type === 'text' && current.type === 'text') {
      return { type: 'text', value: previous.value + current.value } as T;
    }
    return {
      ...previous,
      children: [...(previous as Mdast.Parent).children, ...(current as Mdast.Parent).children],
    } as T;
  },
};

const textVisitor: LexicalExportVisitor<TextNode, Mdast.RootContent> = {
  priority: 20,
  ...joinVisitor,
  testLexicalNode: $isTextNode,
  visitLexicalNode({ lexicalNode, mdastParent, actions }) {
    const format = lexicalNode.getFormat() & ~hoisted;
    const value = lexicalNode.getTextContent();
    const inner = openMarks(lexicalNode, format, mdastParent, actions);
    if (format & IS_CODE) {
      actions.appendToParent(inner, { type: 'inlineCode', value });
      return;
    }
    // Sub- and superscript hold plain text only: they are always the innermost mark.
    const script = format & IS_SUBSCRIPT ? 'sub' : format & IS_SUPERSCRIPT ? 'sup' : null;
    const holder = script
      ? (actions.appendToParent(inner, { type: script, children: [] } as never) as Mdast.Parent)
      : inner;
    actions.appendToParent(holder, { type: 'text', value });
  },
};

const rawInlineVisitor: LexicalExportVisitor<RawInlineNode, Mdast.RootContent> = {
  priority: 20,
  testLexicalNode: $isRawInlineNode,
  visitLexicalNode({ lexicalNode, mdastParent, actions }) {
    const inner = openMarks(lexicalNode, formatOf(lexicalNode), mdastParent, actions);
    actions.appendToParent(inner, {
      type: 'atelierRawInline',
      kind: lexicalNode.getKind(),
      value: lexicalNode.getSource(),
    } as never);
  },
};

const rawBlockVisitor: LexicalExportVisitor<RawBlockNode, Mdast.RootContent> = {
  priority: 20,
  testLexicalNode: (node): node is RawBlockNode => node instanceof RawBlockNode,
  visitLexicalNode({ lexicalNode, mdastParent, actions }) {
    actions.appendToParent(mdastParent, {
      type: 'atelierRawBlock',
      kind: lexicalNode.getKind(),
      value: lexicalNode.getSource(),
    } as never);
  },
};

/** Links currently written by `linkVisitor` (which hands each to MDXEditor's own visitor). */
const writingLinks = new Set<string>();

/** A link's shared marks go around it, so `**see [docs](…) now**` stays one bold run. */
const linkVisitor: LexicalExportVisitor<LexicalNode, Mdast.RootContent> = {
  priority: 20,
  testLexicalNode: (node): node is LexicalNode =>
    $isLinkNode(node) && !writingLinks.has(node.getKey()),
  visitLexicalNode({ lexicalNode, mdastParent, actions }) {
    if (!$isElementNode(lexicalNode)) return;
    const common = formatOf(lexicalNode);
    const inner = openMarks(lexicalNode, common, mdastParent, actions);
    const before = hoisted;
    hoisted |= common;
    writingLinks.add(lexicalNode.getKey());
    try {
      actions.visit(lexicalNode, inner);
    } finally {
      writingLinks.delete(lexicalNode.getKey());
      hoisted = before;
    }
  },
};

/** A line break typed in the editor (Shift+Enter) is a hard break on the site too. */
const lineBreakVisitor: LexicalExportVisitor<LineBreakNode, Mdast.RootContent> = {
  priority: 20,
  testLexicalNode: $isLineBreakNode,
  visitLexicalNode({ mdastParent, actions }) {
    actions.appendToParent(mdastParent, { type: 'break' });
  },
};

const listVisitor: LexicalExportVisitor<LexicalNode, Mdast.RootContent> = {
  priority: 10,
  testLexicalNode: $isListNode,
  visitLexicalNode({ lexicalNode, actions }) {
    if (!$isListNode(lexicalNode)) return;
    const ordered = lexicalNode.getListType() === 'number';
    actions.addAndStepInto('list', {
      ordered,
      ...(ordered ? { start: lexicalNode.getStart() } : {}),
      spread: false,
    });
  },
};

/** Every writing visitor of the plugin. */
export const exportVisitors = [
  textVisitor,
  rawInlineVisitor,
  rawBlockVisitor,
  lineBreakVisitor,
  listVisitor,
  linkVisitor,
] as LexicalExportVisitor<LexicalNode, Mdast.RootContent>[];
