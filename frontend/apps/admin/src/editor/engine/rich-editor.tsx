import {
  codeBlockPlugin,
  codeMirrorPlugin,
  exportLexicalTreeToMdast,
  exportVisitors$,
  headingsPlugin,
  imagePlugin,
  jsxComponentDescriptors$,
  jsxIsAvailable$,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  MDXEditor,
  markdownShortcutPlugin,
  quotePlugin,
  type Realm,
  realmPlugin,
  rootEditor$,
  setMarkdown$,
  syntaxExtensions$,
  tablePlugin,
  thematicBreakPlugin,
} from '@mdxeditor/editor';
import '@mdxeditor/editor/style.css';
import { EditorView } from '@codemirror/view';
import { $getRoot } from 'lexical';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toMarkdown } from 'mdast-util-to-markdown';
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import type { Block } from '../fidelity';
import { TO_MARKDOWN_OPTIONS } from '../syntax/mdast-atelier';
import { atelierMarkdownPlugin } from './atelier-plugin';
import { forcedRawBlocks$ } from './import-visitors';
import { mdastExtensions$, toMarkdownExtensions$, toMarkdownOptions$ } from './mdx-internals';

/** The code languages offered (and highlighted) in code blocks: a short list on purpose. */
export const CODE_LANGUAGES: Record<string, string> = {
  '': 'Plain text',
  bash: 'Bash',
  css: 'CSS',
  html: 'HTML',
  javascript: 'JavaScript',
  json: 'JSON',
  jsx: 'JSX',
  python: 'Python',
  rust: 'Rust',
  sql: 'SQL',
  toml: 'TOML',
  tsx: 'TSX',
  typescript: 'TypeScript',
  yaml: 'YAML',
};

/** What the editor shell asks of the rich-text engine. */
export interface RichEngine {
  realm: Realm;
  /** The markdown of the editor's content now, as MDXEditor would report it. */
  exportNow: () => string;
  /**
   * Replaces the content with `markdown` and returns the export of what was loaded. `keep`
   * names top-level blocks (by offset) to hold as their exact source.
   */
  load: (markdown: string, keep?: ReadonlyMap<number, string>) => string;
  /** Top-level blocks of a text, read by the editor's own parser. */
  blocksOf: (markdown: string) => Block[];
}

const exportOf = (realm: Realm) => {
  const editor = realm.getValue(rootEditor$);
  if (!editor) return '';
  let markdown = '';
  editor.getEditorState().read(() => {
    const tree = exportLexicalTreeToMdast({
      root: $getRoot(),
      visitors: realm.getValue(exportVisitors$),
      jsxComponentDescriptors: realm.getValue(jsxComponentDescriptors$),
      jsxIsAvailable: realm.getValue(jsxIsAvailable$),
    });
    markdown = toMarkdown(tree, {
      extensions: realm.getValue(toMarkdownExtensions$),
      ...realm.getValue(toMarkdownOptions$),
    });
  });
  // Trailing whitespace only: a document may start with an indented code block.
  return markdown.replace(/^\n+/, '').trimEnd();
};

const createEngine = (realm: Realm): RichEngine => {
  const flush = () => realm.getValue(rootEditor$)?.update(() => undefined, { discrete: true });
  return {
    realm,
    exportNow: () => exportOf(realm),
    load(markdown, keep = new Map()) {
      realm.pub(forcedRawBlocks$, keep);
      try {
        // The same text again with other blocks kept: MDXEditor skips a text it already holds.
        if (keep.size > 0) realm.pub(setMarkdown$, '');
        realm.pub(setMarkdown$, markdown);
        flush();
      } finally {
        realm.pub(forcedRawBlocks$, new Map());
      }
      return exportOf(realm);
    },
    blocksOf(markdown) {
      const tree = fromMarkdown(markdown, {
        extensions: realm.getValue(syntaxExtensions$),
        mdastExtensions: realm.getValue(mdastExtensions$).flat(),
      });
      return tree.children.map((node) => ({
        type: node.type,
        start: node.position?.start.offset ?? 0,
        end: node.position?.end.offset ?? 0,
      }));
    },
  };
};

const bridgePlugin = realmPlugin<{ onRealm: (realm: Realm) => void }>({
  postInit(realm, params) {
    params?.onRealm(realm);
  },
});

export interface RichEditorProps {
  /** The text loaded first (later texts go through `engine.load`). */
  initialMarkdown: string;
  /** Called once, when the editor holds `initialMarkdown`. */
  onReady: (engine: RichEngine) => void;
  /** Called after every change of the content. */
  onEdit: () => void;
  /** MDXEditor could not read the text at all. */
  onError: (message: string) => void;
  overlayContainer: HTMLElement | null;
  placeholder?: string;
}

/** MDXEditor with the site's dialect; everything else (modes, toolbar, saving) is the shell's. */
export const RichEditor = forwardRef<RichEngine | null, RichEditorProps>(function RichEditor(
  { initialMarkdown, onReady, onEdit, onError, overlayContainer, placeholder },
  ref,
) {
  const engine = useRef<RichEngine | null>(null);
  const callbacks = useRef({ onReady, onEdit, onError });
  callbacks.current = { onReady, onEdit, onError };
  useImperativeHandle(ref, () => engine.current as RichEngine, []);

  // The editor is configured once.
  const plugins = useMemo(
    () => [
      headingsPlugin(),
      quotePlugin(),
      listsPlugin(),
      linkPlugin(),
      linkDialogPlugin(),
      imagePlugin(),
      tablePlugin(),
      thematicBreakPlugin(),
      codeBlockPlugin({ defaultCodeBlockLanguage: '' }),
      codeMirrorPlugin({
        codeBlockLanguages: CODE_LANGUAGES,
        autoLoadLanguageSupport: false,
        // A code block's text area needs a name for assistive technology.
        codeMirrorExtensions: [EditorView.contentAttributes.of({ 'aria-label': 'Code' })],
      }),
      markdownShortcutPlugin(),
      atelierMarkdownPlugin(),
      bridgePlugin({
        onRealm: (realm) => {
          engine.current = createEngine(realm);
          // The first import happens while the editor is created; wait for it to be committed.
          queueMicrotask(() => {
            if (engine.current) callbacks.current.onReady(engine.current);
          });
        },
      }),
    ],
    [],
  );

  return (
    <MDXEditor
      markdown={initialMarkdown}
      plugins={plugins}
      suppressHtmlProcessing
      toMarkdownOptions={TO_MARKDOWN_OPTIONS}
      onChange={() => callbacks.current.onEdit()}
      onError={(payload) => callbacks.current.onError(payload.error)}
      overlayContainer={overlayContainer}
      placeholder={placeholder}
      className="atelier-mdx"
      contentEditableClassName="atelier-mdx-content markdown-body"
      spellCheck
      translation={(key, fallback, interpolations) =>
        key === 'uploadImage.dialogTitle'
          ? 'Insert an image'
          : interpolations
            ? fallback.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
                String(interpolations[name] ?? ''),
              )
            : fallback
      }
    />
  );
});
