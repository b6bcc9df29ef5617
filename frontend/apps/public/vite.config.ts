import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunks } from '../../config/vendor-chunks.ts';

/** The public site, served by the Rust server at `/` with an SPA fallback to index.html. */
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: vendorChunks } },
  },
  server: {
    port: 5173,
    // `pnpm dev` talks to a locally running `atelier serve`.
    proxy: { '/api': process.env.ATELIER_API_URL ?? 'http://127.0.0.1:8080' },
  },
});
