/**
 * The apps' test setup: DOM matchers, browser stubs, a desktop-sized window, empty storage, and
 * after each test everything it changed put back: the page (whatever a portal or a dialog's scroll
 * lock left in the body), its title and address, the clock, stubs and mocks. The files of a worker
 * share one page (`isolate: false`), so what one test leaves there, the next file would meet.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { MEDIUM_SCREEN_QUERY } from '../hooks/use-media-query';
import { installBrowserStubs, setMatchingMedia } from './browser-stubs';

// Tests wait for what they assert; several test files share two cores, so a wait may take a
// few seconds before it passes (a failing wait still fails, only later).
configure({ asyncUtilTimeout: 5_000 });

installBrowserStubs();

beforeEach(() => {
  // A desktop-sized window unless a test says otherwise.
  setMatchingMedia(MEDIUM_SCREEN_QUERY);
  localStorage.clear();
  sessionStorage.clear();
});

/** A blank page again: what unmounting the render left behind goes too. */
const resetPage = () => {
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
};

afterEach(() => {
  cleanup();
  resetPage();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
