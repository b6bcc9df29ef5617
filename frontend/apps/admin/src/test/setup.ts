import '@testing-library/jest-dom/vitest';
import { installBrowserStubs, setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Tests wait for what they assert; several test files share two cores, so a wait may take a
// few seconds before it passes (a failing wait still fails, only later).
configure({ asyncUtilTimeout: 5_000 });

installBrowserStubs();

beforeEach(() => {
  // A desktop-sized window unless a test says otherwise.
  setMatchingMedia(MEDIUM_SCREEN_QUERY);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
