import { useDebouncedValue } from '@atelier/ui/use-debounced-value';
import type { CSSProperties } from 'react';
import { ServerMarkdown } from '@/kit/preview/server-markdown';
import type { EditorMode } from './editor-header';
import { RichEditor } from './engine/rich-editor';
import { toLf } from './fidelity';
import { type ThemeId, themeById, themeStyle } from './themes';
import type { Surface, useEditorDocument } from './use-editor-document';

export const SPLIT_BANNER = 'Split View Mode - Editor & Preview side by side';

/** The notes above the writing area: split mode, blocks kept as markdown, why source is shown. */
export function EditorNotes({
  mode,
  surface,
  kept,
  reason,
}: {
  mode: EditorMode;
  surface: Surface;
  kept: number;
  reason: string | null;
}) {
  const showEditor = mode !== 'preview';
  return (
    <>
      {mode === 'split' && (
        <p className="border-b border-blue-100 bg-blue-50 px-3 py-1.5 text-xs font-medium text-blue-800">
          {SPLIT_BANNER}
        </p>
      )}
      {surface === 'rich' && kept > 0 && showEditor && (
        <p
          role="note"
          className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
        >
          {kept === 1 ? 'One part' : `${kept} parts`} of this text {kept === 1 ? 'is' : 'are'} kept
          as markdown (in dashed boxes): the visual editor cannot hold {kept === 1 ? 'it' : 'them'}{' '}
          exactly. Everything else is edited as usual.
        </p>
      )}
      {surface === 'source' && reason && showEditor && (
        <p
          role="note"
          className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
        >
          {reason}
        </p>
      )}
    </>
  );
}

/** The live preview, drawn by the site's own renderer in the chosen theme, after a pause. */
export function PreviewPane({
  value,
  theme,
  fullscreen,
  paneClass,
  paneStyle,
}: {
  value: string;
  theme: ThemeId;
  fullscreen: boolean;
  paneClass: string;
  paneStyle: CSSProperties | undefined;
}) {
  const activeTheme = themeById(theme);
  const previewSource = useDebouncedValue(value, 150);
  return (
    <section
      aria-label="Live Preview"
      className={`flex min-w-0 flex-col ${fullscreen ? 'min-h-0 flex-1' : ''}`}
    >
      <h4 className="flex items-center justify-between border-b border-gray-100 px-3 py-1.5 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        Live Preview
        <span className="font-medium tracking-normal normal-case">{activeTheme.name}</span>
      </h4>
      <div
        className={`atelier-preview md-theme-${activeTheme.id} overflow-auto p-4 ${paneClass}`}
        style={{ ...themeStyle(activeTheme), ...paneStyle }}
      >
        {previewSource.trim() === '' ? (
          <div className="flex h-full flex-col items-center justify-center text-center opacity-70">
            <p className="font-semibold">No content to preview</p>
            <p className="text-sm">Start writing in the editor to see a live preview here.</p>
          </div>
        ) : (
          <ServerMarkdown source={value} />
        )}
      </div>
    </section>
  );
}

/** The writing area: the visual editor, or the markdown source when the text is shown as such. */
export function WritingPane({
  mode,
  fullscreen,
  paneClass,
  paneStyle,
  doc,
  value,
  placeholder,
  sourceLabel,
  overlay,
}: {
  mode: EditorMode;
  fullscreen: boolean;
  paneClass: string;
  paneStyle: CSSProperties | undefined;
  doc: ReturnType<typeof useEditorDocument>;
  value: string;
  placeholder: string;
  /** The source's accessible name: 'Content (markdown source)'. */
  sourceLabel: string;
  /** Where MDXEditor puts its dialogs and menus (inside fullscreen). */
  overlay: HTMLDivElement | null;
}) {
  const { surface } = doc;
  return (
    <section
      hidden={mode === 'preview'}
      aria-label={mode === 'split' ? 'Editor' : undefined}
      className={`flex min-w-0 flex-col ${fullscreen ? 'min-h-0 flex-1' : ''}`}
    >
      {mode === 'split' && (
        <h4 className="border-b border-gray-100 px-3 py-1.5 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          Editor
        </h4>
      )}
      <div className={`relative overflow-auto ${paneClass}`} style={paneStyle}>
        {surface === 'loading' && (
          <div aria-hidden="true" className="absolute inset-0 animate-pulse space-y-3 p-4">
            <div className="h-4 w-2/3 rounded bg-gray-100" />
            <div className="h-4 w-full rounded bg-gray-100" />
            <div className="h-4 w-5/6 rounded bg-gray-100" />
          </div>
        )}
        <div
          hidden={surface === 'source'}
          className={surface === 'loading' ? 'invisible' : 'h-full'}
        >
          <RichEditor
            initialMarkdown=""
            onReady={doc.onReady}
            onEdit={doc.onRichEdit}
            onError={doc.onRichError}
            overlayContainer={overlay}
            placeholder={placeholder}
          />
        </div>
        {surface === 'source' && (
          <textarea
            ref={doc.textarea}
            aria-label={sourceLabel}
            value={toLf(value)}
            onChange={doc.onSourceChange}
            onKeyDown={doc.onSourceKeyDown}
            placeholder={placeholder}
            spellCheck
            className="block h-full min-h-20 w-full resize-none border-0 p-4 font-mono text-sm text-gray-900 focus:ring-2 focus:ring-blue-300 focus:outline-none focus:ring-inset"
          />
        )}
      </div>
    </section>
  );
}
