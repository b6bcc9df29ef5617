// Writes a brotli-compressed twin (`<file>.br`, best quality) beside every text file of a build
// folder that compression makes smaller. The server sends the twin to browsers that accept brotli,
// so no response is compressed on the fly at a lower quality.
//
// Usage: node compress.mjs <build folder>
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TEXT = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

const folder = process.argv[2];
if (!folder) throw new Error('usage: node compress.mjs <build folder>');

let written = 0;
for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) continue;
  const compressed = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  if (compressed.length >= bytes.length) continue;
  await writeFile(`${path}.br`, compressed);
  written += 1;
}
process.stdout.write(`compressed ${written} files in ${folder}\n`);
