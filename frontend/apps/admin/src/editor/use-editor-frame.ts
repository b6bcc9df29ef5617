import { type RefObject, useEffect, useState } from 'react';
import { DEFAULT_THEME, PREVIEW_THEMES, type ThemeId } from './themes';

const THEME_KEY = 'atelier.editor.theme';
const QUICK_REFERENCE_KEY = 'atelier.editor.quickReference';

const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing: the choice lasts until the page closes.
  }
};

const storedTheme = (): ThemeId => {
  const id = stored(THEME_KEY);
  return PREVIEW_THEMES.some((theme) => theme.id === id) ? (id as ThemeId) : DEFAULT_THEME;
};

/** The preview theme and the quick reference's dismissal, remembered in this browser. */
export const useEditorPreferences = () => {
  const [theme, setTheme] = useState<ThemeId>(storedTheme);
  const [quickReference, setQuickReference] = useState(
    () => stored(QUICK_REFERENCE_KEY) !== 'dismissed',
  );
  const chooseTheme = (id: ThemeId) => {
    setTheme(id);
    store(THEME_KEY, id);
  };
  const dismissQuickReference = () => {
    setQuickReference(false);
    store(QUICK_REFERENCE_KEY, 'dismissed');
  };
  return { theme, chooseTheme, quickReference, dismissQuickReference };
};

/** Fullscreen: the browser's own when it has one, a fixed overlay otherwise. */
export const useFullscreen = (root: RefObject<HTMLElement | null>) => {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const sync = () => {
      if (!document.fullscreenElement && root.current?.dataset.nativeFullscreen === 'true') {
        delete root.current.dataset.nativeFullscreen;
        setFullscreen(false);
      }
    };
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [root]);

  const enter = () => {
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
  const exit = () => {
    setFullscreen(false);
    if (root.current?.dataset.nativeFullscreen === 'true' && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  };
  return { fullscreen, enter, exit };
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

/** Keeps the editor's unnamed parts named as MDXEditor draws them. */
export const useAccessibleNames = (root: RefObject<HTMLElement | null>, text: string) => {
  useEffect(() => {
    const element = root.current;
    if (!element || typeof MutationObserver === 'undefined') return undefined;
    nameUnnamed(element, text);
    const observer = new MutationObserver(() => nameUnnamed(element, text));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, text]);
};

/** Help: the panel's state and copying a sample (announced). */
export const useHelp = () => {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState('');
  const copySample = async (sample: string) => {
    try {
      await navigator.clipboard.writeText(sample);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Copying is not allowed here: select the sample and copy it.');
    }
    setOpen(false);
  };
  return { open, setOpen, copied, copySample };
};
