/**
 * Teaches MDXEditor the site's markdown dialect and makes it write every construct back the way
 * the site's renderer reads it (EDITOR-NOTES.md, "The design we want", points 1 and 2).
 */
import { $isLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode, $isListItemNode, $isListNode } from '@lexical/list';
import {
  addExportVisitor$,
  addImportVisitor$,
  addLexicalNode$,
  addMdastExtension$,
  addSyntaxExtension$,
  addToMarkdownExtension$,
  Cell,
  IS_BOLD,
  IS_CODE,
  IS_HIGHLIGHT,
  IS_ITALIC,
  IS_STRIKETHROUGH,
  IS_SUBSCRIPT,
  IS_SUPERSCRIPT,
  IS_UNDERLINE,
  type LexicalExportVisitor,
  type MdastImportVisitor,
  type Realm,
  realmPlugin,
  syntaxExtensions$,
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
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import { gfmFootnoteFromMarkdown, gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { type Options as ToMarkdownOptions, toMarkdown } from 'mdast-util-to-markdown';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import {
  atelierFromMarkdown,
  atelierToMarkdown,
  TO_MARKDOWN_OPTIONS,
} from '../syntax/mdast-atelier';
import { atelierSyntax } from '../syntax/micromark-atelier';
import { toMarkdownExtensions$, toMarkdownOptions$ } from './mdx-internals';
import {
  $createRawBlockNode,
  $createRawInlineNode,
  $isRawInlineNode,
  RawBlockNode,
  RawInlineNode,
} from './raw-nodes';

type AnyNode = Mdast.Nodes;

// -------------------------------------------------------------------------------------------
// Parsing

/** GFM's strikethrough reads a single `~` as strike; the site reads `~x~` as subscript. */
const isStrikethrough = (extension: unknown) => {
  const construct = (extension as MicromarkExtension).text?.[126] as { name?: string } | undefined;
  return construct?.name === 'strikethrough';
};

/**
 * Lists right after another list (`* a` then `+ b`, or `1.` then `1)`) are separate lists on the
 * site but would merge in the editor: they are kept as source.
 */
const markAdjacentLists = (tree: Mdast.Root) => {
  const visit = (node: AnyNode) => {
    if (!('children' in node)) return;
    const children = node.children as AnyNode[];
    let chain = 0;
    children.forEach((child, index) => {
      chain = child.type === 'list' && children[index - 1]?.type === 'list' ? chain + 1 : 0;
      if (chain > 0) child.data = { ...child.data, atelierAdjacent: chain } as never;
      visit(child);
    });
  };
  visit(tree);
};

/** Remembers which HTML was a block (html nodes look the same in either place). */
const htmlFlowFromMarkdown: FromMarkdownExtension = {
  enter: {
    htmlFlow(token) {
      this.enter({ type: 'html', value: '', data: { atelierFlow: true } as never }, token);
      this.buffer();
    },
  },
  transforms: [markAdjacentLists],
};

const isFlowHtml = (node: AnyNode) =>
  node.type === 'html' &&
  Boolean((node.data as { atelierFlow?: boolean } | undefined)?.atelierFlow);

/** How many lists come right before this one (0 for most lists). */
const adjacency = (node: AnyNode) =>
  (node.data as { atelierAdjacent?: number } | undefined)?.atelierAdjacent ?? 0;

/**
 * Markers that keep a list apart from the list before it: every other one in a row uses `*` and
 * `1)` instead of the editor's `-` and `1.`.
 */
const markersFor = (node: AnyNode) =>
  adjacency(node) % 2 === 1
    ? { bullet: '*' as const, bulletOther: '+' as const, bulletOrdered: ')' as const }
    : {};

/** Why a block node can only be kept as markdown source, or null when the editor models it. */
export const rawBlockKind = (node: AnyNode): string | null => {
  if (isFlowHtml(node)) return 'html';
  if (node.type === 'footnoteDefinition') return 'footnote';
  if (node.type === 'definition') return 'definition';
  if (node.type === 'code' && node.data?.atelierIndented) return 'indentedCode';
  if (
    node.type === 'list' &&
    (node.spread ||
      node.children.some((item) => item.spread) ||
      adjacency(node) > 0 ||
      (node.ordered && node.children.some((item) => typeof item.checked === 'boolean')))
  ) {
    return 'list';
  }
  return null;
};

const hasRawBlockInside = (node: AnyNode): boolean =>
  'children' in node &&
  (node.children as AnyNode[]).some(
    (child) => rawBlockKind(child) !== null || hasRawBlockInside(child),
  );

/** Marks in the order the editor nests them when writing, outermost first. */
const MARK_RANK: Partial<Record<string, number>> = {
  ins: 0,
  emphasis: 1,
  strong: 2,
  delete: 3,
  highlight: 4,
};

/**
 * Lexical keeps marks as flags, not as a nesting. Two marks over exactly the same words are
 * written in a fixed order (`**==x==**`); a text written the other way (`==**x**==`) is kept.
 */
const invertedNesting = (node: AnyNode) => {
  const rank = MARK_RANK[node.type];
  if (rank === undefined) return false;
  let only = node as AnyNode;
  while ('children' in only && only.children.length === 1) {
    only = only.children[0] as AnyNode;
    const inner = MARK_RANK[only.type];
    if (inner !== undefined && inner < rank) return true;
  }
  return false;
};

/** Whether some mark covers every piece of text inside `node` (a link). */
const marksOverAllText = (node: AnyNode): boolean => {
  let common: Set<string> | null = null;
  const walk = (current: AnyNode, marks: readonly string[]) => {
    if (MARK_RANK[current.type] !== undefined) {
      for (const child of (current as Mdast.Parent).children) walk(child, [...marks, current.type]);
    } else if ('children' in current) {
      for (const child of current.children as AnyNode[]) walk(child, marks);
    } else {
      const here = new Set(marks);
      common = common === null ? here : new Set([...common].filter((mark) => here.has(mark)));
    }
  };
  walk(node, []);
  return common !== null && (common as Set<string>).size > 0;
};

/** Inline nodes the editor keeps as a chip of their own markdown. */
const rawInlineKind = (node: AnyNode): string | null => {
  if (node.type === 'atelierRawInline') return node.kind;
  if (invertedNesting(node)) return 'marks';
  if (node.type === 'html') return 'html';
  if (node.type === 'footnoteReference') return 'footnote';
  if (node.type === 'linkReference' || node.type === 'imageReference') return 'reference';
  return null;
};

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

const FORMAT_OF: Partial<Record<string, number>> = {
  ins: IS_UNDERLINE,
  sub: IS_SUBSCRIPT,
  sup: IS_SUPERSCRIPT,
};

type Serialize = (node: AnyNode, options?: ToMarkdownOptions) => string;

/**
 * Top-level blocks to keep as written for the next load, by their offset in the text loaded:
 * what the editor would change is kept as its exact source (see `MarkdownEditor`'s `open`).
 */
export const forcedRawBlocks$ = Cell<ReadonlyMap<number, string>>(new Map());

const createImportVisitors = (serialize: Serialize, realm: Realm) => {
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

// -------------------------------------------------------------------------------------------
// Writing

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
      [addExportVisitor$]: [
        textVisitor,
        rawInlineVisitor,
        rawBlockVisitor,
        lineBreakVisitor,
        listVisitor,
        linkVisitor,
      ] as LexicalExportVisitor<LexicalNode, Mdast.RootContent>[],
    });
  },
});

export { TO_MARKDOWN_OPTIONS };
