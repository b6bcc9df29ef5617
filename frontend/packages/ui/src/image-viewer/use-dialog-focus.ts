//! A full-screen dialog's focus and page: the focus moves in on open and back out on close, and
//! the page behind does not scroll meanwhile.
import { type RefObject, useEffect } from 'react';

/** `first` takes the focus when the dialog opens. */
export const useDialogFocus = (first: RefObject<HTMLElement | null>) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    first.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);
};
