import '../../config/node20-polyfills.ts';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      // `@/…` is this app's `src/…`: imports that leave a feature say where they go.
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@atelier/ui/test/app-setup', './src/test/deferred-setup.ts'],
    // Two cores run several files at once: waits may be slow, never skipped.
    testTimeout: 20_000,
  },
});
