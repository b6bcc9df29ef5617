import '@testing-library/jest-dom/vitest';
import { installBrowserStubs, setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
