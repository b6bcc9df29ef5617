import {
  type ChangeEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { RichEngine } from './engine/rich-editor';
import {
  type Block,
  blocksShownDifferently,
  finalize,
  firstDifference,
  restoreLineEndings,
  sameRendering,
  toLf,
} from './fidelity';
import { applySourceEdit } from './source-edits';
import { actionById } from './toolbar-actions';
import type { BadgeKind, ToolbarAction } from './toolbar-types';

/** How long typing in the visual editor pauses before the text is passed on. */
export const RICH_EDIT_PAUSE_MS = 150;

/** Where the text is edited: the visual editor, its markdown source, or neither yet. */
export type Surface = 'loading' | 'rich' | 'source';

const unreadable = (message: string) =>
  `The visual editor could not read this text (${message}), so it is shown as markdown source. It is saved exactly as you write it here.`;

const reasonFor = (stored: string, exported: string) => {
  const near = firstDifference(stored, exported);
  return (
    'This text uses markdown the visual editor cannot keep exactly' +
    (near ? ` (near “${near}”)` : '') +
    ', so it is shown as markdown source. It is saved exactly as you write it here.'
  );
};

/**
 * The text being edited and the surface it is edited on. Loads a text into the visual editor and
 * compares the rendering of the stored text with the editor's export; when they differ, loads it
 * again with the top-level blocks that differ kept as their exact source, and only when that still
 * differs opens the whole text in markdown source with the reason. Source edits are passed on byte
 * for byte; `onChange` fires only for real edits (see `finalize`).
 */
export const useEditorDocument = (value: string, onChange: (value: string) => void) => {
  const [surface, setSurface] = useState<Surface>('loading');
  const [reason, setReason] = useState<string | null>(null);
  /** Blocks kept as their exact markdown inside the visual editor. */
  const [kept, setKept] = useState(0);

  const textarea = useRef<HTMLTextAreaElement>(null);
  const engine = useRef<RichEngine | null>(null);
  const loading = useRef(false);
  /** The text loaded into the visual editor, its export then, and the last value passed out. */
  const doc = useRef({ stored: value, baseline: '', emitted: value });
  const pendingSelection = useRef<[number, number] | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const surfaceRef = useRef(surface);
  surfaceRef.current = surface;
  /** The stored text's and the baseline's blocks are read once per loaded text. */
  const blockCache = useRef(new Map<string, Block[]>());
  const pendingEdit = useRef<ReturnType<typeof setTimeout> | null>(null);

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
      setReason(unreadable(error instanceof Error ? error.message : String(error)));
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
    setReason(unreadable(message));
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

  /** A toolbar action on the source: wraps the selection with its syntax. */
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

  /** 'Markdown': to the source, or back to the visual editor when it keeps the text exactly. */
  const toggleSource = () => {
    flushRich();
    if (surface === 'rich') {
      setSurface('source');
      setReason(null);
      return;
    }
    if (surface === 'source') open(doc.current.emitted);
  };

  /** Ctrl/Cmd+B, I, U and K in the source. */
  const onSourceKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const id = { b: 'bold', i: 'italic', u: 'underline', k: 'link' }[event.key.toLowerCase()];
    const action = id ? actionById(id) : undefined;
    if (action) {
      event.preventDefault();
      applySource(action);
    }
  };

  return {
    surface,
    reason,
    kept,
    engine,
    textarea,
    onReady,
    onRichEdit,
    onRichError,
    flushRich,
    onSourceChange,
    onSourceKeyDown,
    applySource,
    toggleSource,
  };
};
