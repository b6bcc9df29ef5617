import { Icon } from '@atelier/ui/icon';
import { faEye, faPen } from '@fortawesome/free-solid-svg-icons';
import {
  currentBlockType$,
  currentFormat$,
  currentListType$,
  IS_BOLD,
  IS_HIGHLIGHT,
  IS_ITALIC,
  IS_STRIKETHROUGH,
  IS_SUBSCRIPT,
  IS_SUPERSCRIPT,
  IS_UNDERLINE,
  type Realm,
} from '@mdxeditor/editor';
import { Fragment, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { BADGE_KINDS, TOOLBAR } from './toolbar-actions';
import type { BadgeKind, RichEdit, ToolbarAction, ToolbarGroup } from './toolbar-types';

const FORMAT_FLAGS: Record<string, number> = {
  bold: IS_BOLD,
  italic: IS_ITALIC,
  underline: IS_UNDERLINE,
  strikethrough: IS_STRIKETHROUGH,
  highlight: IS_HIGHLIGHT,
  superscript: IS_SUPERSCRIPT,
  subscript: IS_SUBSCRIPT,
};

/** What is on at the cursor in rich text, for the buttons' pressed state. */
const useRichState = (realm: Realm | null) => {
  const [state, setState] = useState({ format: 0, block: '', list: '' });
  useEffect(() => {
    if (!realm) return undefined;
    const read = () =>
      setState({
        format: realm.getValue(currentFormat$),
        block: realm.getValue(currentBlockType$),
        list: realm.getValue(currentListType$),
      });
    read();
    const offs = [
      realm.sub(currentFormat$, read),
      realm.sub(currentBlockType$, read),
      realm.sub(currentListType$, read),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realm]);
  return state;
};

const isPressed = (edit: RichEdit, state: ReturnType<typeof useRichState>) => {
  switch (edit.kind) {
    case 'format':
      return Boolean(state.format & (FORMAT_FLAGS[edit.format] ?? 0));
    case 'heading':
      return state.block === 'h2';
    case 'quote':
      return state.block === 'quote';
    case 'list':
      return state.list === edit.list;
    default:
      return undefined;
  }
};

const buttonClass =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-100 aria-pressed:text-blue-800 disabled:opacity-40';

const titleOf = (action: ToolbarAction) =>
  `${action.label}${action.shortcut ? ` (${action.shortcut})` : ''} — ${action.syntax}`;

function BadgeMenu({
  action,
  disabled,
  onApply,
}: {
  action: ToolbarAction;
  disabled: boolean;
  onApply: (action: ToolbarAction, badge: BadgeKind) => void;
}) {
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  // Closes on Escape and on a click anywhere else.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <span ref={holder} className="relative">
      <button
        type="button"
        aria-label={action.label}
        aria-haspopup="menu"
        aria-expanded={open}
        title={titleOf(action)}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass}
      >
        <Icon icon={action.icon} className="h-3.5 w-3.5" />
      </button>
      {open && (
        <span
          role="menu"
          aria-label={action.label}
          className="absolute top-full left-0 z-20 mt-1 flex w-36 flex-col rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          {BADGE_KINDS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              role="menuitem"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setOpen(false);
                onApply(action, kind);
              }}
              className="rounded px-2 py-1 text-left text-sm text-gray-700 hover:bg-gray-100"
            >
              {label} <span className="font-mono text-xs text-gray-500">{`{${kind}: …}`}</span>
            </button>
          ))}
        </span>
      )}
    </span>
  );
}

export interface EditorToolbarProps {
  disabled: boolean;
  mode: 'edit' | 'split' | 'preview';
  /** Present while the visual editor is shown, for the pressed states. */
  realm: Realm | null;
  onApply: (action: ToolbarAction, badge?: BadgeKind) => void;
  /** Absent when the preview is switched off (the editor's mode controls hidden). */
  onTogglePreview?: () => void;
  sourceToggle: ReactNode;
}

/** The toolbar, drawn from `TOOLBAR`: its groups, then the source switch and Preview / Edit. */
export function EditorToolbar({
  disabled,
  mode,
  realm,
  onApply,
  onTogglePreview,
  sourceToggle,
}: EditorToolbarProps) {
  const state = useRichState(realm);
  const groups = [...new Set(TOOLBAR.map((action) => action.group))] as ToolbarGroup[];
  const inactive = disabled || mode === 'preview';
  // Arrow keys, Home and End move between the toolbar's buttons (the ARIA toolbar pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key) || (event.target as HTMLElement).closest('[role="menu"]')) return;
    const buttons = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])'),
    ].filter((button) => !button.closest('[role="menu"]'));
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 bg-white px-2 py-1"
    >
      {groups.map((group, index) => (
        <Fragment key={group}>
          {index > 0 && <span aria-hidden="true" className="mx-1 h-5 w-px bg-gray-200" />}
          {TOOLBAR.filter((action) => action.group === group).map((action) =>
            action.id === 'badge' ? (
              <BadgeMenu key={action.id} action={action} disabled={inactive} onApply={onApply} />
            ) : (
              <button
                key={action.id}
                type="button"
                aria-label={action.label}
                aria-keyshortcuts={action.shortcut?.replace('Ctrl', 'Control')}
                aria-pressed={realm ? isPressed(action.rich, state) : undefined}
                title={titleOf(action)}
                disabled={inactive}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onApply(action)}
                className={buttonClass}
              >
                <Icon icon={action.icon} className="h-3.5 w-3.5" />
              </button>
            ),
          )}
        </Fragment>
      ))}
      <span className="ml-auto flex items-center gap-1">
        {sourceToggle}
        {onTogglePreview && (
          <button
            type="button"
            onClick={onTogglePreview}
            disabled={disabled}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100 disabled:opacity-40"
          >
            <Icon icon={mode === 'preview' ? faPen : faEye} className="h-3.5 w-3.5" />
            {mode === 'preview' ? 'Edit' : 'Preview'}
          </button>
        )}
      </span>
    </div>
  );
}
