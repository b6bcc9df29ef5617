import { renderInlineMarkdown } from '@atelier/ui/render-markdown';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
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
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * What a raw node holds: the markdown exactly as it will be written back. The rich editor never
 * re-interprets it; the admin may edit the text itself.
 */
export type SerializedRawNode = Spread<
  { kind: string; source: string; formatFlags?: number },
  SerializedLexicalNode
>;

/** Why a block is kept as source, in the admin's words. */
export const RAW_BLOCK_LABELS: Record<string, string> = {
  html: 'HTML',
  footnote: 'Footnote',
  definition: 'Link reference',
  indentedCode: 'Indented code',
  list: 'List with blank lines between items',
  markdown: 'Markdown',
};

const stopKeys = (event: KeyboardEvent) => event.stopPropagation();

const useSetSource = (nodeKey: NodeKey) => {
  const [editor] = useLexicalComposerContext();
  return (source: string) =>
    editor.update(() => {
      const node = $getNodeByKey(nodeKey);
      if (node instanceof RawInlineNode || node instanceof RawBlockNode) node.setSource(source);
    });
};

/** Our own inline extras (keys, badges, small text) drawn exactly as the site draws them. */
const RENDERED_KINDS = new Set(['kbd', 'badge', 'small', 'marks']);

function RawInlineView({
  nodeKey,
  kind,
  source,
}: {
  nodeKey: NodeKey;
  kind: string;
  source: string;
}) {
  const setSource = useSetSource(nodeKey);
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (draft !== null) input.current?.focus();
  }, [draft]);

  if (draft !== null) {
    const commit = () => {
      if (draft.trim() !== '' && draft !== source) setSource(draft.replace(/\n/g, ' '));
      setDraft(null);
    };
    return (
      <input
        ref={input}
        aria-label="Markdown of this element"
        className="atelier-raw-inline-input"
        value={draft}
        size={Math.max(4, draft.length)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          stopKeys(event);
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDraft(null);
          }
        }}
      />
    );
  }
  const rendered = RENDERED_KINDS.has(kind);
  return (
    <button
      type="button"
      title={`${source} (click to edit)`}
      className={`atelier-raw-inline atelier-raw-inline-${kind}`}
      onClick={() => setDraft(source)}
    >
      {rendered ? (
        <span
          className="markdown-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the site's renderer
          dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(source) }}
        />
      ) : (
        <code>{source}</code>
      )}
    </button>
  );
}

function RawBlockView({
  nodeKey,
  kind,
  source,
}: {
  nodeKey: NodeKey;
  kind: string;
  source: string;
}) {
  const setSource = useSetSource(nodeKey);
  const [draft, setDraft] = useState<string | null>(null);
  const label = RAW_BLOCK_LABELS[kind] ?? RAW_BLOCK_LABELS.markdown;
  return (
    <div className="atelier-raw-block" data-kind={kind}>
      <div className="atelier-raw-block-bar">
        <span>{label} · kept as markdown</span>
        {draft === null ? (
          <button type="button" onClick={() => setDraft(source)}>
            Edit markdown
          </button>
        ) : (
          <span className="atelier-raw-block-actions">
            <button
              type="button"
              onClick={() => {
                if (draft !== source) setSource(draft);
                setDraft(null);
              }}
            >
              Done
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {draft === null ? (
        <pre>{source}</pre>
      ) : (
        <textarea
          aria-label={`${label} markdown`}
          value={draft}
          rows={Math.min(16, draft.split('\n').length + 1)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={stopKeys}
        />
      )}
    </div>
  );
}

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

  override decorate(_editor: LexicalEditor) {
    return <RawInlineView nodeKey={this.getKey()} kind={this.__kind} source={this.__source} />;
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

  override decorate(_editor: LexicalEditor) {
    return <RawBlockView nodeKey={this.getKey()} kind={this.__kind} source={this.__source} />;
  }
}

export const $createRawInlineNode = (kind: string, source: string) =>
  new RawInlineNode(kind, source);
export const $createRawBlockNode = (kind: string, source: string) => new RawBlockNode(kind, source);
export const $isRawInlineNode = (node: LexicalNode | null | undefined): node is RawInlineNode =>
  node instanceof RawInlineNode;
export const $isRawBlockNode = (node: LexicalNode | null | undefined): node is RawBlockNode =>
  node instanceof RawBlockNode;
