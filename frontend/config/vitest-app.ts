import './node20-polyfills.ts';
import { fileURLToPath } from 'node:url';

/**
 * An app's component tests (jsdom, React, `@/` as the app's `src/`): the one configuration both
 * apps share, given to vitest's `defineConfig` by each app's `vitest.config.ts` with its React
 * plugin (packages resolve from the app); `setupFiles` adds the app's own setup after the shared one.
 */
export const appTestConfig = <TPlugin>(
  appRoot: string,
  plugins: TPlugin[],
  setupFiles: readonly string[] = [],
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
    testTimeout: 20_000,
  },
});
