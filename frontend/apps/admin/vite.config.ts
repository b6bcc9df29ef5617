import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunks } from '../../config/vendor-chunks.ts';

/** The back office, served by the Rust server under `/admin/`. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // `@/…` is this app's `src/…`: imports that leave a feature say where they go.
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // MDXEditor lists 100+ code languages to load on demand; the editor loads none.
      '@codemirror/language-data': fileURLToPath(
        new URL('./src/editor/engine/no-language-data.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: vendorChunks } },
  },
  server: {
    port: 5174,
    proxy: { '/api': process.env.ATELIER_API_URL ?? 'http://127.0.0.1:8080' },
  },
});
