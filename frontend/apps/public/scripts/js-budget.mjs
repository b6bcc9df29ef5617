// The first-load JavaScript budget (issue 15): for each page below, the scripts its pre-rendered HTML
// loads before any navigation (the entry and the modules it preloads, with their static imports),
// brotli-compressed as the server sends them. Prints the sizes and fails the build when a page is
// over its budget. Run after the pre-rendering (`pnpm build`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const KIB = 1024;
/**
 * Brotli bytes of first-load JavaScript each page may load: 128 KiB in English, the message
 * formatter and the page's catalogue included; 134 KiB in German, set when a German page loaded
 * the English catalogue too (it loads only its own now: docs/light-pages.md, "Message catalogues").
 */
const PAGES = [
  'pages/index.html',
  'pages/blog/_.html',
  'pages/project/_.html',
  'pages/portfolio.html',
  'pages/blog.html',
];
export const BUDGETS = Object.fromEntries([
  ...PAGES.map((page) => [page, 128 * KIB]),
  ...PAGES.map((page) => [`de/${page}`, 134 * KIB]),
]);

/** The script addresses a page's HTML loads at first: script tags, module preloads, the loader's lists. */
export const firstLoadScripts = (html) => {
  const found = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) found.add(href);
  }
  for (const [, list] of html.matchAll(/const (?:entry|modules) = (\[[^\]]*\]|"[^"]*");/g)) {
    for (const src of [JSON.parse(list)].flat()) found.add(src);
  }
  return [...found].filter((src) => src.endsWith('.js'));
};

const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;

/** The files `file` statically imports, transitively (a browser loads them before running it). */
const withImports = async (dist, files) => {
  const seen = new Set();
  const visit = async (src) => {
    if (seen.has(src)) return;
    seen.add(src);
    const code = await readFile(join(dist, src), 'utf8');
    for (const [, imported] of code.matchAll(STATIC_IMPORT)) {
      if (imported.startsWith('./'))
        await visit(`${src.replace(/[^/]+$/, '')}${imported.slice(2)}`);
      else if (imported.startsWith('/')) await visit(imported);
    }
  };
  for (const src of files) await visit(src);
  return [...seen];
};

const brotliSize = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function checkBudgets(dist, budgets = BUDGETS) {
  const sizes = new Map();
  const rows = [];
  for (const [page, budget] of Object.entries(budgets)) {
    const html = await readFile(join(dist, page), 'utf8');
    const scripts = await withImports(dist, firstLoadScripts(html));
    let total = 0;
    for (const src of scripts) {
      if (!sizes.has(src)) sizes.set(src, brotliSize(await readFile(join(dist, src))));
      total += sizes.get(src);
    }
    rows.push({ page, budget, total, files: scripts.length });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const rows = await checkBudgets(dist);
  let over = false;
  process.stdout.write('first-load JavaScript (brotli):\n');
  for (const { page, budget, total, files } of rows) {
    const fits = total <= budget;
    over ||= !fits;
    process.stdout.write(
      `  ${page.padEnd(22)} ${(total / KIB).toFixed(1).padStart(6)} KiB in ${String(files).padStart(2)} files, budget ${(budget / KIB).toFixed(0)} KiB${fits ? '' : '  OVER BUDGET'}\n`,
    );
  }
  if (over) {
    process.stderr.write('A page loads more JavaScript at first than its budget allows.\n');
    process.exit(1);
  }
}
