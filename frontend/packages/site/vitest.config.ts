import '../../config/node20-polyfills.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@atelier/ui/test/app-setup'],
    testTimeout: 20_000,
  },
});
