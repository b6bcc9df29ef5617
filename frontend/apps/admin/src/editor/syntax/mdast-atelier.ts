/**
 * The mdast side of the site's dialect: how the tokens of `micromark-atelier.ts` become tree nodes,
 * and how those nodes (and a few standard ones) are written back as markdown.
 */

import LinkifyIt from 'linkify-it';
import type { Literal, Parent, Parents, PhrasingContent, Text } from 'mdast';
import type {
  CompileContext,
  Extension as FromMarkdownExtension,
  Token,
} from 'mdast-util-from-markdown';
import type { Handle, Options as ToMarkdownExtension, Unsafe } from 'mdast-util-to-markdown';

/** `++text++` */
export interface Ins extends Parent {
  type: 'ins';
  children: PhrasingContent[];
}
/** `~text~` / `^text^`: one plain text child. */
export interface Script extends Parent {
  type: 'sub' | 'sup';
  children: Text[];
}
/** Inline markdown the editor shows as a chip and writes back exactly: `[[Ctrl]]`, `--x--`… */
export interface RawInline extends Literal {
  type: 'atelierRawInline';
  kind: string;
}
/** Block markdown the editor shows as source and writes back exactly. */
export interface RawBlock extends Literal {
  type: 'atelierRawBlock';
  kind: string;
}
/** An indented code block (kept indented: the site draws fenced code differently). */
export interface IndentedCode extends Literal {
  type: 'atelierIndentedCode';
}

declare module 'mdast' {
  interface PhrasingContentMap {
    ins: Ins;
    sub: Script;
    sup: Script;
    atelierRawInline: RawInline;
  }
  interface RootContentMap {
    ins: Ins;
    sub: Script;
    sup: Script;
    atelierRawInline: RawInline;
    atelierRawBlock: RawBlock;
    atelierIndentedCode: IndentedCode;
  }
  interface BlockContentMap {
    atelierRawBlock: RawBlock;
    atelierIndentedCode: IndentedCode;
  }
  interface CodeData {
    /** Written with four spaces of indentation rather than fences. */
    atelierIndented?: boolean;
  }
}

declare module 'mdast-util-to-markdown' {
  interface ConstructNameMap {
    atelierIns: 'atelierIns';
  }
}

/** markdown-it-sub / -sup unescape these after a backslash. */
const SCRIPT_UNESCAPE = /\\([ \\!"#$%&'()*+,./:;<=>?@[\]^_`{|}~-])/g;

const enterRaw = (kind: string) =>
  function (this: CompileContext, token: Token) {
    this.enter(
      { type: 'atelierRawInline', kind, value: this.sliceSerialize(token) } as never,
      token,
    );
  };

function exitNode(this: CompileContext, token: Token) {
  this.exit(token);
}

function exitScriptText(this: CompileContext, token: Token) {
  const node = this.stack[this.stack.length - 1] as unknown as Script;
  node.children.push({
    type: 'text',
    value: this.sliceSerialize(token).replace(SCRIPT_UNESCAPE, '$1'),
  });
}

export const atelierFromMarkdown = (): FromMarkdownExtension => ({
  canContainEols: ['ins'],
  enter: {
    atelierIns(token) {
      this.enter({ type: 'ins', children: [] } as never, token);
    },
    atelierSub(token) {
      this.enter({ type: 'sub', children: [] } as never, token);
    },
    atelierSup(token) {
      this.enter({ type: 'sup', children: [] } as never, token);
    },
    atelierSmall: enterRaw('small'),
    atelierKbd: enterRaw('kbd'),
    atelierBadge: enterRaw('badge'),
    // As mdast-util-from-markdown opens indented code, remembering how it was written.
    codeIndented(token) {
      this.enter(
        { type: 'code', lang: null, meta: null, value: '', data: { atelierIndented: true } },
        token,
      );
      this.buffer();
    },
  },
  exit: {
    atelierIns: exitNode,
    atelierSub: exitNode,
    atelierSup: exitNode,
    atelierScriptText: exitScriptText,
    atelierSmall: exitNode,
    atelierKbd: exitNode,
    atelierBadge: exitNode,
  },
});

/** Leading and trailing whitespace go outside a mark, where the site's parser expects them. */
const wrapTrimmed = (inner: string, marker: string) => {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner);
  const [, lead = '', core = '', trail = ''] = match ?? [];
  return core === '' ? inner : `${lead}${marker}${core}${marker}${trail}`;
};

type PeekableHandle = Handle & { peek?: Handle };

const markHandler = (marker: string, construct: 'atelierIns' | 'strikethrough' | 'highlight') => {
  const handle: PeekableHandle = (node, _, state, info) => {
    const exit = state.enter(construct as never);
    const tracker = state.createTracker(info);
    tracker.move(marker);
    const inner = state.containerPhrasing(node as Parents, {
      ...tracker.current(),
      before: marker.charAt(marker.length - 1),
      after: marker.charAt(0),
    });
    exit();
    return wrapTrimmed(inner, marker);
  };
  handle.peek = () => marker.charAt(0);
  return handle;
};

/** Inside `~…~` only backslash escapes count; spaces must be escaped too. */
const scriptHandler = (marker: '~' | '^') => {
  const handle: PeekableHandle = (node) => {
    const text = (node as Script).children.map((child) => child.value ?? '').join('');
    const escaped = text.replace(/[\\`[<~^]/g, (char) => `\\${char}`).replace(/ /g, '\\ ');
    return `${marker}${escaped}${marker}`;
  };
  handle.peek = () => marker;
  return handle;
};

/** The site's renderer turns bare addresses into links (markdown-it's linkify). */
const linkify = new LinkifyIt();

/**
 * Text, escaped where it would otherwise read as markup, except inside bare web addresses: an
 * escape there would become part of the address the site links to.
 */
const textHandler: Handle = (node, _, state, info) => {
  const value = (node as Text).value;
  const links = linkify.match(value) ?? [];
  let out = '';
  let last = 0;
  for (const link of links) {
    out += state.safe(value.slice(last, link.index), {
      before: last === 0 ? info.before : value.charAt(last - 1),
      after: value.charAt(link.index),
    });
    out += value.slice(link.index, link.lastIndex);
    last = link.lastIndex;
  }
  return (
    out +
    state.safe(value.slice(last), {
      before: last === 0 ? info.before : value.charAt(last - 1),
      after: info.after,
    })
  );
};

const rawHandler: PeekableHandle = (node) => (node as RawInline | RawBlock).value;
rawHandler.peek = (node) => (node as RawInline).value.charAt(0);

const indentedCodeHandler: Handle = (node, _, state) =>
  state.indentLines((node as IndentedCode).value, (line, _line, blank) =>
    blank ? '' : `    ${line}`,
  );

/**
 * Characters that would start the dialect's syntax in plain text are escaped; the writer later
 * drops each escape the site's renderer does not need (see `fidelity.ts`).
 */
const PHRASING_ONLY = ['autolink', 'destinationLiteral', 'destinationRaw', 'reference'] as never[];
const unsafe: Unsafe[] = [
  { character: '+', after: '\\+', inConstruct: 'phrasing', notInConstruct: PHRASING_ONLY },
  { character: '^', inConstruct: 'phrasing', notInConstruct: PHRASING_ONLY },
  { character: '-', after: '-', inConstruct: 'phrasing', notInConstruct: PHRASING_ONLY },
  { character: '{', inConstruct: 'phrasing', notInConstruct: PHRASING_ONLY },
];

export const atelierToMarkdown = (): ToMarkdownExtension => ({
  handlers: {
    text: textHandler,
    ins: markHandler('++', 'atelierIns'),
    delete: markHandler('~~', 'strikethrough'),
    highlight: markHandler('==', 'highlight'),
    sub: scriptHandler('~'),
    sup: scriptHandler('^'),
    atelierRawInline: rawHandler,
    atelierRawBlock: rawHandler,
    atelierIndentedCode: indentedCodeHandler,
  } as never,
  unsafe,
});

/** How the editor writes markdown: `-` bullets, `---` rules, `*` emphasis (like the demo texts). */
export const TO_MARKDOWN_OPTIONS = {
  bullet: '-',
  bulletOther: '*',
  bulletOrdered: '.',
  emphasis: '*',
  strong: '*',
  rule: '-',
  ruleRepetition: 3,
  ruleSpaces: false,
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  incrementListMarker: true,
  resourceLink: false,
} as const;
