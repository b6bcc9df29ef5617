import { Icon } from '@atelier/ui/icon';
import { faFileCode } from '@fortawesome/free-solid-svg-icons';
import { useId, useRef, useState } from 'react';
import { EditorHeader, type EditorMode } from './editor-header';
import { EditorNotes, PreviewPane, WritingPane } from './editor-panes';
import { applyRichEdit, insertRichImage } from './engine/rich-actions';
import { HelpPanel, QuickReference } from './help';
import { type InsertedImage, InsertImageDialog, imageMarkdown } from './insert-image-dialog';
import { EditorToolbar } from './toolbar';
import { actionById } from './toolbar-actions';
import type { BadgeKind, ToolbarAction } from './toolbar-types';
import { useEditorDocument } from './use-editor-document';
import {
  useAccessibleNames,
  useEditorPreferences,
  useFullscreen,
  useHelp,
} from './use-editor-frame';
import './editor.css';

export type { EditorMode } from './editor-header';
export { SPLIT_BANNER } from './editor-panes';
export { RICH_EDIT_PAUSE_MS } from './use-editor-document';

export interface EditorControls {
  label?: boolean;
  modes?: boolean;
  fullscreen?: boolean;
  help?: boolean;
  theme?: boolean;
}

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The header's words; 'Content Editor' by default. */
  label?: string;
  /** Height of the writing area in pixels (back-office.md §9: 500 by default, 80 at least). */
  height?: number;
  placeholder?: string;
  /** Header controls to show; each is shown unless set to false. */
  controls?: EditorControls;
  defaultMode?: EditorMode;
  /** Names the editor for assistive technology when the header label is hidden. */
  ariaLabel?: string;
  onBlur?: () => void;
}

export const DEFAULT_EDITOR_HEIGHT = 500;
export const MIN_EDITOR_HEIGHT = 80;

/**
 * The back office's markdown editor (back-office.md §2 "Markdown editor"): MDXEditor for visual
 * editing, a source view for anything it cannot keep exactly, a live preview drawn by the site's
 * own renderer, modes, themes, help and fullscreen. `onChange` fires only when the admin changes
 * the text: an untouched document is never dirty, and its text is never rewritten
 * (`useEditorDocument`).
 */
export default function MarkdownEditor({
  value,
  onChange,
  label = 'Content Editor',
  height = DEFAULT_EDITOR_HEIGHT,
  placeholder = 'Start writing…',
  controls = {},
  defaultMode = 'edit',
  ariaLabel,
  onBlur,
}: MarkdownEditorProps) {
  const show = {
    label: controls.label !== false,
    modes: controls.modes !== false,
    fullscreen: controls.fullscreen !== false,
    help: controls.help !== false,
    theme: controls.theme !== false,
  };
  const showHeader = Object.values(show).some(Boolean);
  const labelId = useId();
  const helpId = useId();
  const paneHeight = Math.max(MIN_EDITOR_HEIGHT, height);

  const [mode, setMode] = useState<EditorMode>(defaultMode);
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  const root = useRef<HTMLElement>(null);
  const doc = useEditorDocument(value, onChange);
  const { surface, engine } = doc;
  const preferences = useEditorPreferences();
  const screenMode = useFullscreen(root);
  const { fullscreen } = screenMode;
  const help = useHelp();
  const [imageOpen, setImageOpen] = useState(false);
  useAccessibleNames(root, ariaLabel ?? label);

  const apply = (action: ToolbarAction, badge?: BadgeKind) => {
    if (mode === 'preview') setMode('edit');
    // Images come from the back office's own dialog: the library, an upload or an address.
    if (action.id === 'image') {
      setImageOpen(true);
      return;
    }
    if (surface === 'source') doc.applySource(action, badge);
    else if (surface === 'rich' && engine.current) {
      applyRichEdit(engine.current.realm, action.rich, {
        badge,
        markdown: engine.current.exportNow(),
      });
    }
  };

  const insertImage = (image: InsertedImage) => {
    if (surface === 'source') {
      const action = actionById('image');
      if (action)
        doc.applySource({ ...action, source: { kind: 'insert', text: imageMarkdown(image) } });
    } else if (surface === 'rich' && engine.current) {
      insertRichImage(engine.current.realm, image);
    }
  };

  const paneStyle = fullscreen ? undefined : { height: paneHeight };
  const paneClass = fullscreen ? 'min-h-0 flex-1' : '';

  return (
    <section
      ref={root}
      aria-labelledby={show.label ? labelId : undefined}
      aria-label={show.label ? undefined : (ariaLabel ?? label)}
      className={`atelier-editor flex flex-col overflow-hidden border border-gray-300 bg-white ${
        fullscreen ? 'fixed inset-0 z-50 h-full w-full rounded-none' : 'rounded-lg'
      }`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          doc.flushRich();
          onBlur?.();
        }
      }}
      onKeyDownCapture={(event) => {
        // Before the form's own Ctrl/Cmd+S reads the value.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') doc.flushRich();
      }}
      onKeyDown={(event) => {
        // Escape closes the help panel, then leaves fullscreen (a dialog around stays open).
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        if (help.open) {
          event.preventDefault();
          event.stopPropagation();
          help.setOpen(false);
        } else if (fullscreen) {
          event.preventDefault();
          event.stopPropagation();
          screenMode.exit();
        }
      }}
    >
      {showHeader && (
        <EditorHeader
          show={show}
          label={label}
          labelId={labelId}
          helpId={helpId}
          mode={mode}
          onMode={setMode}
          theme={preferences.theme}
          onTheme={preferences.chooseTheme}
          helpOpen={help.open}
          onToggleHelp={() => help.setOpen((open) => !open)}
          fullscreen={fullscreen}
          onEnterFullscreen={screenMode.enter}
          onExitFullscreen={screenMode.exit}
        />
      )}

      {preferences.quickReference && (
        <QuickReference onDismiss={preferences.dismissQuickReference} />
      )}
      {help.open && <HelpPanel id={helpId} onCopy={(sample) => void help.copySample(sample)} />}
      <p role="status" className="sr-only">
        {help.copied}
      </p>

      <EditorToolbar
        disabled={surface === 'loading'}
        mode={mode}
        realm={surface === 'rich' ? (engine.current?.realm ?? null) : null}
        onApply={apply}
        onTogglePreview={
          show.modes ? () => setMode(mode === 'preview' ? 'edit' : 'preview') : undefined
        }
        sourceToggle={
          <button
            type="button"
            aria-pressed={surface === 'source'}
            disabled={surface === 'loading' || mode === 'preview'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={doc.toggleSource}
            title={surface === 'source' ? 'Back to the visual editor' : 'Edit the markdown source'}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-50 aria-pressed:text-blue-700 disabled:opacity-40"
          >
            <Icon icon={faFileCode} className="h-3.5 w-3.5" />
            Markdown
          </button>
        }
      />

      <EditorNotes mode={mode} surface={surface} kept={doc.kept} reason={doc.reason} />

      <div
        className={`${fullscreen ? 'flex min-h-0 flex-1 flex-col' : ''} ${
          mode === 'split' ? 'grid divide-gray-200 max-lg:divide-y lg:grid-cols-2 lg:divide-x' : ''
        } ${fullscreen && mode === 'split' ? 'lg:grid-rows-1' : ''}`}
      >
        <WritingPane
          mode={mode}
          fullscreen={fullscreen}
          paneClass={paneClass}
          paneStyle={paneStyle}
          doc={doc}
          value={value}
          placeholder={placeholder}
          sourceLabel={`${ariaLabel ?? label} (markdown source)`}
          overlay={overlay}
        />

        {mode !== 'edit' && (
          <PreviewPane
            value={value}
            theme={preferences.theme}
            fullscreen={fullscreen}
            paneClass={paneClass}
            paneStyle={paneStyle}
          />
        )}
      </div>
      <div ref={setOverlay} className="atelier-editor-overlay" />
      <InsertImageDialog open={imageOpen} onOpenChange={setImageOpen} onInsert={insertImage} />
    </section>
  );
}
