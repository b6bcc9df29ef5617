import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appTestConfig } from '../../config/vitest-app.ts';

export default defineConfig(
  appTestConfig(
    import.meta.url,
    [react()],
    ['./src/test/deferred-setup.ts', './src/test/proof-of-work-setup.ts'],
  ),
);
