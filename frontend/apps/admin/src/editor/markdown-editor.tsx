import { useListMedia } from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { Markdown } from '@atelier/ui/markdown';
import { faCompress, faExpand, faFileCode } from '@fortawesome/free-solid-svg-icons';
import { imageAutocompleteSuggestions$ } from '@mdxeditor/editor';
import {
  type ChangeEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { applyRichEdit } from './engine/rich-actions';
import { RichEditor, type RichEngine } from './engine/rich-editor';
import {
  type Block,
  blocksShownDifferently,
  finalize,
  firstDifference,
  restoreLineEndings,
  sameRendering,
  toLf,
} from './fidelity';
import { HelpPanel, QuickReference } from './help';
import { applySourceEdit } from './source-edits';
import { DEFAULT_THEME, PREVIEW_THEMES, type ThemeId, themeById, themeStyle } from './themes';
import { EditorToolbar } from './toolbar';
import { actionById, type BadgeKind, type ToolbarAction } from './toolbar-actions';
import './editor.css';

export type EditorMode = 'edit' | 'split' | 'preview';

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
export const SPLIT_BANNER = 'Split View Mode - Editor & Preview side by side';
/** How long typing in the visual editor pauses before the text is passed on. */
export const RICH_EDIT_PAUSE_MS = 150;
const THEME_KEY = 'atelier.editor.theme';
const QUICK_REFERENCE_KEY = 'atelier.editor.quickReference';

type Surface = 'loading' | 'rich' | 'source';

const storedTheme = (): ThemeId => {
  try {
    const id = localStorage.getItem(THEME_KEY);
    return PREVIEW_THEMES.some((theme) => theme.id === id) ? (id as ThemeId) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
};

const quickReferenceDismissed = () => {
  try {
    return localStorage.getItem(QUICK_REFERENCE_KEY) === 'dismissed';
  } catch {
    return false;
  }
};

const useDebounced = <T,>(value: T, delay: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};

/**
 * Names what MDXEditor draws without one (the writing area, table cells, the table's add buttons),
 * so assistive technology can announce them.
 */
const nameUnnamed = (root: HTMLElement, label: string) => {
  const name = (element: Element, text: string) => {
    if (!element.hasAttribute('aria-label')) element.setAttribute('aria-label', text);
  };
  for (const editable of root.querySelectorAll('[data-lexical-editor="true"]')) {
    name(editable, editable.closest('td, th') ? 'Table cell' : label);
  }
  for (const button of root.querySelectorAll('[class*="addColumnButton"]'))
    name(button, 'Add column');
  for (const button of root.querySelectorAll('[class*="addRowButton"]')) name(button, 'Add row');
};

const reasonFor = (stored: string, exported: string) => {
  const near = firstDifference(stored, exported);
  return (
    'This text uses markdown the visual editor cannot keep exactly' +
    (near ? ` (near “${near}”)` : '') +
    ', so it is shown as markdown source. It is saved exactly as you write it here.'
  );
};

const modeButton =
  'rounded-md px-2.5 py-1 text-xs font-semibold aria-pressed:bg-white aria-pressed:text-blue-700 aria-pressed:shadow-sm text-gray-600 hover:text-gray-900';
const headerButton =
  'inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-50 aria-expanded:bg-blue-50 aria-expanded:text-blue-700';

/**
 * The back office's markdown editor (back-office.md §2 "Markdown editor"): MDXEditor for visual
 * editing, a source view for anything it cannot keep exactly, a live preview drawn by the site's
 * own renderer, modes, themes, help and fullscreen. `onChange` fires only when the admin changes
 * the text: an untouched document is never dirty, and its text is never rewritten.
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
  const [surface, setSurface] = useState<Surface>('loading');
  const [reason, setReason] = useState<string | null>(null);
  /** Blocks kept as their exact markdown inside the visual editor. */
  const [kept, setKept] = useState(0);
  const [theme, setTheme] = useState<ThemeId>(storedTheme);
  const [fullscreen, setFullscreen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [copied, setCopied] = useState('');
  const [quickReference, setQuickReference] = useState(() => !quickReferenceDismissed());
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);

  const root = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const engine = useRef<RichEngine | null>(null);
  const loading = useRef(false);
  /** The text loaded into the visual editor, its export then, and the last value passed out. */
  const doc = useRef({ stored: value, baseline: '', emitted: value });
  const pendingSelection = useRef<[number, number] | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const emit = useCallback((next: string) => {
    if (next === doc.current.emitted) return;
    doc.current.emitted = next;
    onChangeRef.current(next);
  }, []);

  /** Loads `text` into the visual editor; it stays in source when the editor would change it. */
  const open = useCallback((text: string) => {
    const rich = engine.current;
    if (!rich) return;
    if (pendingEdit.current !== null) clearTimeout(pendingEdit.current);
    pendingEdit.current = null;
    blockCache.current.clear();
    loading.current = true;
    let exported = '';
    let keptBlocks = 0;
    try {
      const source = toLf(text);
      exported = rich.load(source);
      if (!sameRendering(text, exported)) {
        // Keep just the blocks that would change as their exact source, and edit the rest.
        const keep = blocksShownDifferently(source, exported, rich.blocksOf);
        if (keep.size > 0) {
          const retried = rich.load(source, keep);
          if (sameRendering(text, retried)) {
            exported = retried;
            keptBlocks = keep.size;
          }
        }
      }
    } catch (error) {
      doc.current = { stored: text, baseline: '', emitted: text };
      setSurface('source');
      setReason(
        `The visual editor could not read this text (${error instanceof Error ? error.message : String(error)}), so it is shown as markdown source. It is saved exactly as you write it here.`,
      );
      return false;
    } finally {
      loading.current = false;
    }
    doc.current = { stored: text, baseline: exported, emitted: text };
    if (sameRendering(text, exported)) {
      setSurface('rich');
      setReason(null);
      setKept(keptBlocks);
      return true;
    }
    setKept(0);
    setSurface('source');
    setReason(reasonFor(text, exported));
    return false;
  }, []);

  const onReady = useCallback(
    (ready: RichEngine) => {
      engine.current = ready;
      open(doc.current.emitted);
    },
    [open],
  );

  const surfaceRef = useRef(surface);
  surfaceRef.current = surface;
  /** The stored text's and the baseline's blocks are read once per loaded text. */
  const blockCache = useRef(new Map<string, Block[]>());
  const pendingEdit = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Passes on what the visual editor holds now (see `finalize`). */
  const emitRich = useCallback(() => {
    pendingEdit.current = null;
    const rich = engine.current;
    if (!rich || surfaceRef.current !== 'rich') return;
    const cache = blockCache.current;
    const blocksOf = (text: string) => {
      const known = cache.get(text);
      if (known) return known;
      const blocks = rich.blocksOf(text);
      if (text === doc.current.stored || text === doc.current.baseline) cache.set(text, blocks);
      return blocks;
    };
    const { stored, baseline } = doc.current;
    emit(finalize({ stored, baseline, exported: rich.exportNow(), blocksOf }));
  }, [emit]);

  /** Typing is passed on after a short pause; leaving the editor or Ctrl+S passes it at once. */
  const flushRich = useCallback(() => {
    if (pendingEdit.current === null) return;
    clearTimeout(pendingEdit.current);
    emitRich();
  }, [emitRich]);

  const onRichEdit = useCallback(() => {
    if (!engine.current || loading.current || surfaceRef.current !== 'rich') return;
    if (pendingEdit.current !== null) clearTimeout(pendingEdit.current);
    pendingEdit.current = setTimeout(emitRich, RICH_EDIT_PAUSE_MS);
  }, [emitRich]);

  useEffect(
    () => () => {
      if (pendingEdit.current !== null) clearTimeout(pendingEdit.current);
    },
    [],
  );

  const onRichError = useCallback((message: string) => {
    setSurface('source');
    setReason(
      `The visual editor could not read this text (${message}), so it is shown as markdown source. It is saved exactly as you write it here.`,
    );
  }, []);

  // A value set from outside (a reset, a restored draft) is loaded afresh.
  useEffect(() => {
    if (value === doc.current.emitted) return;
    doc.current.emitted = value;
    if (engine.current) open(value);
    else doc.current.stored = value;
  }, [value, open]);

  const onSourceChange = (event: ChangeEvent<HTMLTextAreaElement>) =>
    emit(restoreLineEndings(doc.current.stored, event.target.value));

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (selection && textarea.current) {
      textarea.current.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = null;
    }
  });

  const applySource = (action: ToolbarAction, badge?: BadgeKind) => {
    const area = textarea.current;
    if (!area) return;
    const next = applySourceEdit(
      action.source,
      { text: area.value, start: area.selectionStart, end: area.selectionEnd },
      badge,
    );
    area.focus();
    pendingSelection.current = [next.start, next.end];
    emit(restoreLineEndings(doc.current.stored, next.text));
  };

  // The image dialog suggests the media library's images, asked for the first time it opens.
  const [wantsMedia, setWantsMedia] = useState(false);
  const media = useListMedia(
    { kind: 'image', limit: 100 },
    { query: { enabled: wantsMedia, retry: false } },
  );
  useEffect(() => {
    const urls = media.data?.media.map((item) => item.url) ?? [];
    if (urls.length > 0) engine.current?.realm.pub(imageAutocompleteSuggestions$, urls);
  }, [media.data]);

  const apply = (action: ToolbarAction, badge?: BadgeKind) => {
    if (action.id === 'image') setWantsMedia(true);
    if (mode === 'preview') setMode('edit');
    if (surface === 'source') applySource(action, badge);
    else if (surface === 'rich' && engine.current) {
      applyRichEdit(engine.current.realm, action.rich, {
        badge,
        markdown: engine.current.exportNow(),
      });
    }
  };

  const toggleSource = () => {
    flushRich();
    if (surface === 'rich') {
      setSurface('source');
      setReason(null);
      return;
    }
    if (surface === 'source') open(doc.current.emitted);
  };

  const onSourceKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const id = { b: 'bold', i: 'italic', u: 'underline', k: 'link' }[event.key.toLowerCase()];
    const action = id ? actionById(id) : undefined;
    if (action) {
      event.preventDefault();
      applySource(action);
    }
  };

  useEffect(() => {
    const element = root.current;
    if (!element || typeof MutationObserver === 'undefined') return undefined;
    const text = ariaLabel ?? label;
    nameUnnamed(element, text);
    const observer = new MutationObserver(() => nameUnnamed(element, text));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ariaLabel, label]);

  // Fullscreen: the browser's own when it has one, a fixed overlay otherwise.
  useEffect(() => {
    const sync = () => {
      if (!document.fullscreenElement && root.current?.dataset.nativeFullscreen === 'true') {
        delete root.current.dataset.nativeFullscreen;
        setFullscreen(false);
      }
    };
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const enterFullscreen = () => {
    setFullscreen(true);
    const element = root.current;
    if (element?.requestFullscreen) {
      element
        .requestFullscreen()
        .then(() => {
          element.dataset.nativeFullscreen = 'true';
        })
        .catch(() => undefined);
    }
  };
  const exitFullscreen = () => {
    setFullscreen(false);
    if (root.current?.dataset.nativeFullscreen === 'true' && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  };

  const chooseTheme = (id: ThemeId) => {
    setTheme(id);
    try {
      localStorage.setItem(THEME_KEY, id);
    } catch {
      // Private browsing: the choice lasts until the page closes.
    }
  };

  const dismissQuickReference = () => {
    setQuickReference(false);
    try {
      localStorage.setItem(QUICK_REFERENCE_KEY, 'dismissed');
    } catch {
      // As above.
    }
  };

  const copySample = async (sample: string) => {
    try {
      await navigator.clipboard.writeText(sample);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Copying is not allowed here: select the sample and copy it.');
    }
    setHelpOpen(false);
  };

  const activeTheme = themeById(theme);
  const previewSource = useDebounced(value, 150);
  const showEditor = mode !== 'preview';
  const showPreview = mode !== 'edit';
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
          flushRich();
          onBlur?.();
        }
      }}
      onKeyDownCapture={(event) => {
        // Before the form's own Ctrl/Cmd+S reads the value.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') flushRich();
      }}
      onKeyDown={(event) => {
        // Escape closes the help panel, then leaves fullscreen (a dialog around stays open).
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        if (helpOpen) {
          event.preventDefault();
          event.stopPropagation();
          setHelpOpen(false);
        } else if (fullscreen) {
          event.preventDefault();
          event.stopPropagation();
          exitFullscreen();
        }
      }}
    >
      {showHeader && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2">
          <div className="flex items-center gap-2">
            {show.label && (
              <span id={labelId} className="text-sm font-semibold text-gray-800">
                {label}
              </span>
            )}
            {fullscreen && (
              <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
                Fullscreen Mode
              </span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {show.modes && (
              <fieldset className="flex rounded-lg bg-gray-200 p-0.5">
                <legend className="sr-only">View</legend>
                {(['edit', 'split', 'preview'] as const).map((each) => (
                  <button
                    key={each}
                    type="button"
                    aria-pressed={mode === each}
                    onClick={() => setMode(each)}
                    className={modeButton}
                  >
                    {each === 'edit' ? 'Edit' : each === 'split' ? 'Split' : 'Preview'}
                  </button>
                ))}
              </fieldset>
            )}
            {show.theme && (
              <label className="flex items-center gap-1.5 text-xs font-medium text-gray-600">
                Theme
                <select
                  value={theme}
                  onChange={(event) => chooseTheme(event.target.value as ThemeId)}
                  className="rounded-md border border-gray-300 bg-white px-1.5 py-1 text-xs text-gray-800"
                >
                  {PREVIEW_THEMES.map((each) => (
                    <option key={each.id} value={each.id}>
                      {each.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {show.help && (
              <button
                type="button"
                aria-expanded={helpOpen}
                aria-controls={helpId}
                onClick={() => setHelpOpen((open) => !open)}
                className={headerButton}
              >
                Help
              </button>
            )}
            {show.fullscreen &&
              (fullscreen ? (
                <button type="button" onClick={exitFullscreen} className={headerButton}>
                  <Icon icon={faCompress} className="h-3 w-3" />
                  Exit
                </button>
              ) : (
                <button type="button" onClick={enterFullscreen} className={headerButton}>
                  <Icon icon={faExpand} className="h-3 w-3" />
                  Fullscreen
                </button>
              ))}
          </div>
        </div>
      )}

      {quickReference && <QuickReference onDismiss={dismissQuickReference} />}
      {helpOpen && <HelpPanel id={helpId} onCopy={(sample) => void copySample(sample)} />}
      <p role="status" className="sr-only">
        {copied}
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
            onClick={toggleSource}
            title={surface === 'source' ? 'Back to the visual editor' : 'Edit the markdown source'}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-50 aria-pressed:text-blue-700 disabled:opacity-40"
          >
            <Icon icon={faFileCode} className="h-3.5 w-3.5" />
            Markdown
          </button>
        }
      />

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

      <div
        className={`${fullscreen ? 'flex min-h-0 flex-1 flex-col' : ''} ${
          mode === 'split' ? 'grid divide-gray-200 max-lg:divide-y lg:grid-cols-2 lg:divide-x' : ''
        } ${fullscreen && mode === 'split' ? 'lg:grid-rows-1' : ''}`}
      >
        <section
          hidden={!showEditor}
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
                onReady={onReady}
                onEdit={onRichEdit}
                onError={onRichError}
                overlayContainer={overlay}
                placeholder={placeholder}
              />
            </div>
            {surface === 'source' && (
              <textarea
                ref={textarea}
                aria-label={`${ariaLabel ?? label} (markdown source)`}
                value={toLf(value)}
                onChange={onSourceChange}
                onKeyDown={onSourceKeyDown}
                placeholder={placeholder}
                spellCheck
                className="block h-full min-h-20 w-full resize-none border-0 p-4 font-mono text-sm text-gray-900 focus:ring-2 focus:ring-blue-300 focus:outline-none focus:ring-inset"
              />
            )}
          </div>
        </section>

        {showPreview && (
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
                <Markdown source={previewSource} />
              )}
            </div>
          </section>
        )}
      </div>
      <div ref={setOverlay} className="atelier-editor-overlay" />
    </section>
  );
}
