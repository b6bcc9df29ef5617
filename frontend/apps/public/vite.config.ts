import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunks } from '../../config/vendor-chunks.ts';

/**
 * The public site, served by the Rust server at `/` (a pre-rendered page per route). `pnpm build`
 * also builds `src/prerender.tsx` for Node (`--ssr`) and pre-renders every page with it.
 */
export default defineConfig({
  base: '/',
  resolve: {
    alias: [
      // `@/…` is this app's `src/…`: imports that leave a feature say where they go.
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The catalogues are compiled at build time (`@atelier/messages`): the formatter needs no
      // parser, and FormatJS's stand-in keeps it out of the bundle.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The pre-renderer reads which chunks each page needs from the manifest.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: vendorChunks } },
  },
  // The pre-renderer runs in Node with every library bundled in (pnpm keeps some out of its reach).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    // `pnpm dev` talks to a locally running `atelier serve`.
    proxy: { '/api': process.env.ATELIER_API_URL ?? 'http://127.0.0.1:8080' },
  },
});
