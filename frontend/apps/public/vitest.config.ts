import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appTestConfig } from '../../config/vitest-app.ts';

export default defineConfig(
  appTestConfig(
    import.meta.url,
    [react()],
    ['./src/test/deferred-setup.ts', './src/test/proof-of-work-setup.ts'],
    // The public app's files share one environment per worker: a quarter of the CPU time of a
    // fresh environment per file, measured on its 46 files.
    { isolate: false },
  ),
);
