// Writes the pre-rendered pages into dist/ after both builds (see src/prerender.tsx), then removes
// what only this step needed: the server-side build and Vite's manifest.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = fileURLToPath(new URL('..', import.meta.url));
const dist = join(app, 'dist');
const serverBuild = join(app, 'dist-prerender');

const { renderSite, SITE_LOCALES } = await import(join(serverBuild, 'prerender.js'));
const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));

// Each language in turn (one catalogue is active at a time): English at dist/'s top, the others in
// dist/<tag>/ (the server does not send those yet).
const pages = [];
for (const locale of SITE_LOCALES) pages.push(...(await renderSite(template, manifest, locale)));
for (const { file, document } of pages) {
  await mkdir(dirname(join(dist, file)), { recursive: true });
  await writeFile(join(dist, file), document);
}
await rm(serverBuild, { recursive: true, force: true });
await rm(join(dist, '.vite'), { recursive: true, force: true });
process.stdout.write(
  `pre-rendered ${pages.length} files in ${SITE_LOCALES.join(', ')} into dist/\n`,
);
