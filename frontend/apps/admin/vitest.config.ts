import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appTestConfig } from '../../config/vitest-app.ts';

export default defineConfig(
  appTestConfig(
    import.meta.url,
    [react()],
    [],
    // The admin's files share one environment per worker (the shared setup puts the page, storage,
    // clock and mocks back after each test): 145 to 159 s of CPU time for its 76 files, against 370
    // to 386 s with a fresh environment per file (measured on a loaded machine).
    { isolate: false },
  ),
);
