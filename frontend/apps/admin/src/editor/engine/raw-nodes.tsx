import {
  $getNodeByKey,
  DecoratorNode,
  type EditorConfig,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { ReactNode } from 'react';
import { RawBlockView, RawInlineView } from './raw-views';

/**
 * What a raw node holds: the markdown exactly as it will be written back. The rich editor never
 * re-interprets it; the admin may edit the text itself.
 */
export type SerializedRawNode = Spread<
  { kind: string; source: string; formatFlags?: number },
  SerializedLexicalNode
>;

/**
 * What both raw nodes share: a kind ('footnote', 'html', …) and the exact markdown they stand for,
 * which is also their text and what is written back.
 */
abstract class RawSourceNode extends DecoratorNode<ReactNode> {
  __kind: string;
  __source: string;

  constructor(kind: string, source: string, key?: NodeKey) {
    super(key);
    this.__kind = kind;
    this.__source = source;
  }

  override updateDOM() {
    return false;
  }

  override getTextContent() {
    return this.getLatest().__source;
  }

  getKind() {
    return this.getLatest().__kind;
  }

  getSource() {
    return this.getLatest().__source;
  }

  setSource(source: string) {
    this.getWritable().__source = source;
  }
}

/** Saves an edit of a raw node's markdown in the editor that holds it. */
const sourceSetter = (editor: LexicalEditor, nodeKey: NodeKey) => (source: string) =>
  editor.update(() => {
    const node = $getNodeByKey(nodeKey);
    if (node instanceof RawSourceNode) node.setSource(source);
  });

/** Markdown kept inside a line: `[[Ctrl]]`, `{success: Done}`, `--fine print--`, `[^1]`, `<b>`. */
export class RawInlineNode extends RawSourceNode {
  /** The text marks (bold, italic…) around it, so they are written on both sides of it. */
  __formatFlags = 0;

  static override getType() {
    return 'atelier-raw-inline';
  }

  static override clone(node: RawInlineNode) {
    const clone = new RawInlineNode(node.__kind, node.__source, node.__key);
    clone.__formatFlags = node.__formatFlags;
    return clone;
  }

  static override importJSON(json: SerializedRawNode) {
    const node = $createRawInlineNode(json.kind, json.source);
    node.__formatFlags = json.formatFlags ?? 0;
    return node;
  }

  override exportJSON(): SerializedRawNode {
    return {
      ...super.exportJSON(),
      type: RawInlineNode.getType(),
      kind: this.__kind,
      source: this.__source,
      formatFlags: this.__formatFlags,
      version: 1,
    };
  }

  override createDOM(_config: EditorConfig) {
    const span = document.createElement('span');
    span.className = 'atelier-raw-inline-host';
    span.contentEditable = 'false';
    return span;
  }

  getFormatFlags() {
    return this.getLatest().__formatFlags;
  }

  setFormatFlags(flags: number) {
    this.getWritable().__formatFlags = flags;
  }

  override isInline() {
    return true;
  }

  override decorate(editor: LexicalEditor) {
    return (
      <RawInlineView
        kind={this.__kind}
        source={this.__source}
        setSource={sourceSetter(editor, this.getKey())}
      />
    );
  }
}

/** Blocks the rich editor cannot hold exactly: shown as their markdown, editable as text. */
export class RawBlockNode extends RawSourceNode {
  static override getType() {
    return 'atelier-raw-block';
  }

  static override clone(node: RawBlockNode) {
    return new RawBlockNode(node.__kind, node.__source, node.__key);
  }

  static override importJSON(json: SerializedRawNode) {
    return $createRawBlockNode(json.kind, json.source);
  }

  override exportJSON(): SerializedRawNode {
    return {
      ...super.exportJSON(),
      type: RawBlockNode.getType(),
      kind: this.__kind,
      source: this.__source,
      version: 1,
    };
  }

  override createDOM(_config: EditorConfig) {
    const div = document.createElement('div');
    div.className = 'atelier-raw-block-host';
    div.contentEditable = 'false';
    return div;
  }

  override isInline() {
    return false;
  }

  override decorate(editor: LexicalEditor) {
    return (
      <RawBlockView
        kind={this.__kind}
        source={this.__source}
        setSource={sourceSetter(editor, this.getKey())}
      />
    );
  }
}

export const $createRawInlineNode = (kind: string, source: string) =>
  new RawInlineNode(kind, source);
export const $createRawBlockNode = (kind: string, source: string) => new RawBlockNode(kind, source);
export const $isRawInlineNode = (node: LexicalNode | null | undefined): node is RawInlineNode =>
  node instanceof RawInlineNode;
export const $isRawBlockNode = (node: LexicalNode | null | undefined): node is RawBlockNode =>
  node instanceof RawBlockNode;
