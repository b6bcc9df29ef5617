import '../config/node20-polyfills.ts';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium against the real `atelier serve` binary. Every spec file starts
 * its own server on a fresh, seeded database (support/server-per-file.ts), so files are independent
 * and two run at a time, one per core, each with its own browser.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/server-per-file.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page's deferred sections hydrate when the browser is idle; on a loaded machine that can take
    // seconds, and a click on them is replayed by React only then. Polled conditions wait for it.
    expect: { poll: { timeout: 10_000 } },
  },
});
