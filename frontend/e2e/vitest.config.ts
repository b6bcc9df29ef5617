import '../config/node20-polyfills.ts';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium against the real `atelier serve` binary, started once by the
 * global setup. Files run one after another: the machine has two cores and each file drives its
 * own browser.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
