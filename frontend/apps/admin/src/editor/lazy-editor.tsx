import { lazy, Suspense } from 'react';
import type { MarkdownEditorProps } from './markdown-editor';

/** The editor's module: MDXEditor, Lexical and CodeMirror, fetched on first use only. */
export const loadMarkdownEditor = () => import('./markdown-editor');

const Editor = lazy(loadMarkdownEditor);

/** Holds the editor's place (same height) while its code loads. */
function EditorPlaceholder({ height = 500, label = 'Content Editor' }: MarkdownEditorProps) {
  return (
    <div
      role="status"
      aria-label={`Loading ${label}…`}
      className="animate-pulse rounded-lg border border-gray-300 bg-white"
    >
      <div className="h-10 border-b border-gray-200 bg-gray-50" />
      <div className="h-10 border-b border-gray-200" />
      <div className="space-y-3 p-4" style={{ height: Math.max(80, height) }}>
        <div className="h-4 w-2/3 rounded bg-gray-100" />
        <div className="h-4 w-full rounded bg-gray-100" />
        <div className="h-4 w-5/6 rounded bg-gray-100" />
      </div>
    </div>
  );
}

/**
 * The markdown editor, loaded lazily: screens import this, so their list views never download
 * the editor (EDITOR-NOTES.md: MDXEditor is heavy and has no server rendering).
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder {...props} />}>
      <Editor {...props} />
    </Suspense>
  );
}

export type { EditorControls, EditorMode, MarkdownEditorProps } from './markdown-editor';
