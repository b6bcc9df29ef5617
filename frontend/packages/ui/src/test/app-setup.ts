/**
 * The apps' test setup: DOM matchers, browser stubs, a desktop-sized window, an empty localStorage,
 * and everything stubbed or mocked put back after each test.
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
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
