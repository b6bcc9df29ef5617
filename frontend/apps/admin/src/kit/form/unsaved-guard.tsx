import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving them?';

/**
 * While `dirty`, leaving the screen asks first and closing or reloading the tab warns.
 * Returns `release()`, to call just before a navigation that must not ask (after a save).
 */
export const useUnsavedGuard = (dirty: boolean) => {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={UNSAVED_TITLE}
      message={UNSAVED_MESSAGE}
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  const release = () => {
    dirtyRef.current = false;
  };
  return { dialog, release };
};

/** Ctrl+S / Cmd+S calls `save` instead of the browser's "save page". */
export const useSaveShortcut = (save: () => void, enabled = true) => {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
};
