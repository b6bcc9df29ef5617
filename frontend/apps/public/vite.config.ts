import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunks } from '../../config/vendor-chunks.ts';

/** The icons of the header, the footer and the rating stars, which nearly every page draws. */
const LAYOUT_ICONS =
  /[\\/]@fortawesome[\\/]free-(solid|brands)-svg-icons[\\/]fa(Bars|Xmark|Envelope|Phone|LocationDot|Star|StarHalfStroke|FacebookF|Github|Instagram|LinkedinIn|Twitter|Youtube)\.js$/;

/** The icons the home page draws first that its other sections share. */
const HOME_ICONS = /[\\/]@fortawesome[\\/]free-solid-svg-icons[\\/]fa(Handshake|Comments)\.js$/;

/**
 * The public site, served by the Rust server at `/` (a pre-rendered page per route). `pnpm build`
 * also builds `src/prerender.tsx` for Node (`--ssr`) and pre-renders every page with it.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/',
  resolve: {
    alias: [
      // In the browser each page loads its own language's catalogue (`@atelier/messages/load`):
      // no English messages in the code, so a German page carries only the German ones.
      ...(command === 'build' && !isSsrBuild
        ? [
            {
              find: /^\.\/english-catalogue$/,
              replacement: fileURLToPath(
                new URL('../../packages/messages/src/no-catalogue.ts', import.meta.url),
              ),
            },
          ]
        : []),
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
    // The icons are not one vendor chunk here (they are imported one module each,
    // `@fortawesome/free-solid-svg-icons/faBars`): the layout's and the stars' are one chunk every
    // page loads, the home page's shared ones
    // another; every other icon goes with the page that draws it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...vendorChunks.groups.filter((group) => group.name !== 'icons'),
            { name: 'icons', test: LAYOUT_ICONS },
            { name: 'home-icons', test: HOME_ICONS },
          ],
        },
      },
    },
  },
  // The pre-renderer runs in Node with every library bundled in (pnpm keeps some out of its reach).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    // `pnpm dev` talks to a locally running `atelier serve`.
    proxy: { '/api': process.env.ATELIER_API_URL ?? 'http://127.0.0.1:8080' },
  },
}));
