/**
 * Which markdown the editor cannot model and keeps as its source: the blocks and inline nodes
 * that become raw nodes when a document is read (EDITOR-NOTES.md, "The design we want", point 2).
 */
import type * as Mdast from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';

type AnyNode = Mdast.Nodes;

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
export const htmlFlowFromMarkdown: FromMarkdownExtension = {
  enter: {
    htmlFlow(token) {
      this.enter({ type: 'html', value: '', data: { atelierFlow: true } as never }, token);
      this.buffer();
    },
  },
  transforms: [markAdjacentLists],
};

export const isFlowHtml = (node: AnyNode) =>
  node.type === 'html' &&
  Boolean((node.data as { atelierFlow?: boolean } | undefined)?.atelierFlow);

/** How many lists come right before this one (0 for most lists). */
const adjacency = (node: AnyNode) =>
  (node.data as { atelierAdjacent?: number } | undefined)?.atelierAdjacent ?? 0;

/**
 * Markers that keep a list apart from the list before it: every other one in a row uses `*` and
 * `1)` instead of the editor's `-` and `1.`.
 */
export const markersFor = (node: AnyNode) =>
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

export const hasRawBlockInside = (node: AnyNode): boolean =>
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
export const marksOverAllText = (node: AnyNode): boolean => {
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
export const rawInlineKind = (node: AnyNode): string | null => {
  if (node.type === 'atelierRawInline') return node.kind;
  if (invertedNesting(node)) return 'marks';
  if (node.type === 'html') return 'html';
  if (node.type === 'footnoteReference') return 'footnote';
  if (node.type === 'linkReference' || node.type === 'imageReference') return 'reference';
  return null;
};
