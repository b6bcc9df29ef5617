import './node20-polyfills.ts';
import { fileURLToPath } from 'node:url';

/**
 * An app's component tests (jsdom, React, `@/` as the app's `src/`): the one configuration both
 * apps share, given to vitest's `defineConfig` by each app's `vitest.config.ts` with its React
 * plugin (packages resolve from the app); `setupFiles` adds the app's own setup after the shared one.
 *
 * `isolate: false` runs a worker's files one after another in one environment and module graph
 * instead of a fresh one per file, which is most of a small file's time. An app whose files all
 * pass that way (each test's setup puts back what it changed) opts in.
 */
export const appTestConfig = <TPlugin>(
  appRoot: string,
  plugins: TPlugin[],
  setupFiles: readonly string[] = [],
  { isolate = true }: { isolate?: boolean } = {},
) => ({
  resolve: {
    alias: {
      // `@/…` is this app's `src/…`: imports that leave a feature say where they go.
      '@': fileURLToPath(new URL('./src', appRoot)),
    },
  },
  plugins,
  test: {
    environment: 'jsdom',
    root: fileURLToPath(new URL('.', appRoot)),
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@atelier/ui/test/app-setup', ...setupFiles],
    // Two files at once even on two cores (vitest's default leaves one core idle): the tests wait
    // on timers and rendering as much as they compute. Waits may be slow, never skipped.
    maxWorkers: 2,
    isolate,
    testTimeout: 20_000,
  },
});
