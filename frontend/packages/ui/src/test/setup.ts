import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installBrowserStubs, setMatchingMedia } from './browser-stubs';

installBrowserStubs();

beforeEach(() => {
  setMatchingMedia();
});

afterEach(() => {
  cleanup();
});
