// Compiles the catalogues (`catalogues/<locale>.json`, ICU MessageFormat) into `compiled/`, what
// the site loads (`pnpm --filter @atelier/messages compile` after changing a catalogue): the
// catalogue without its parts, and each part apart (`compiled/<locale>.<part>.json`).
// `src/catalogues.test.ts` fails when a compiled file is not what this writes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledFiles } from './compile-catalogue.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const file of (await readdir(join(root, 'catalogues'))).filter((f) => f.endsWith('.json'))) {
  const source = JSON.parse(await readFile(join(root, 'catalogues', file), 'utf8'));
  for (const [name, text] of Object.entries(compiledFiles(file.replace(/\.json$/, ''), source))) {
    await writeFile(join(root, 'compiled', name), text);
    process.stdout.write(`compiled ${name}\n`);
  }
}
