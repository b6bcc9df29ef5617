//! A pre-rendered page's whole document: the built template with the page's markup, title and
//! description, and the loader of its scripts.

import { ROOT_BASE_ATTRIBUTE } from '../lib/page-language';
import { PREVIEW_SLOT } from '../lib/server-preview';
import { earlyRequestsScript } from './early-requests-script';
import { escapeHtml } from './html-text';
import type { EarlyRequests } from './render-page';

/** A chunk of Vite's build manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The script files `modules` need, their imports included, in a stable order. */
export const scriptsFor = (manifest: Record<string, ManifestChunk>, modules: string[]) => {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`The build manifest has no ${module}`);
    visit(module);
  }
  return [...files];
};

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The longest the scripts of a page with a record's cover wait for the cover to be drawn. */
export const COVER_WAIT_MS = 2500;

/**
 * How long after the cover is decoded the scripts wait for the browser to report it as the
 * largest paint, when it reports largest paints (a cover that is not the largest is never reported).
 */
export const COVER_PAINT_MS = 400;

/**
 * `template` (the built index.html) with the page's markup in `#root`. The page paints from its
 * HTML and stylesheet alone: its scripts (the template's and `scripts`) are requested together
 * once it has (and, on a page the server filled a preview into, once its first picture is drawn),
 * so they do not compete with the stylesheet and the cover for a slow connection.
 */
export const pageDocument = (
  template: string,
  html: string,
  scripts: string[],
  early: EarlyRequests = { pattern: '/', requests: [] },
  head?: { title: string; description: string },
  basename = '',
) => {
  const root = '<div id="root"></div>';
  const entry = template.match(ENTRY_SCRIPT);
  if (!entry?.[1] || !template.includes(root) || !template.includes('</body>')) {
    throw new Error('The template has no entry script, no empty #root or no </body>');
  }
  const preloads = [...template.matchAll(MODULE_PRELOAD)].flatMap((match) => match[1] ?? []);
  const modules = [...new Set([...preloads, ...scripts.map((file) => `/${file}`)])];
  const loader = [
    '<script type="module">',
    ...(early.requests.length > 0 ? earlyRequestsScript(early) : []),
    `const entry = ${JSON.stringify(entry[1])};`,
    `const modules = ${JSON.stringify(modules)};`,
    'const start = () => requestAnimationFrame(() => setTimeout(() => {',
    '  for (const href of modules) {',
    "    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));",
    '  }',
    '  import(entry);',
    '}));',
    // A record's cover (a list's first card's picture) the server filled in is the largest thing
    // the page paints: it is drawn before the scripts compete with it, unless it takes longer than
    // COVER_WAIT_MS. A browser that reports its largest paints is waited for until it has reported
    // the cover's (the paint is presented a frame or more after the picture is decoded; scripts
    // asked for in between count in Lighthouse's estimate of it), or COVER_PAINT_MS after decoding
    // when the cover is not the largest paint (a long title under a short cover).
    `const cover = document.querySelector('[${PREVIEW_SLOT}=""] img');`,
    'if (!cover) start();',
    'else {',
    '  let started = false;',
    '  let observer;',
    '  const go = () => {',
    '    if (started) return;',
    '    started = true;',
    '    observer?.disconnect();',
    '    start();',
    '  };',
    "  const reported = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');",
    '  if (reported) {',
    '    observer = new PerformanceObserver((list) => {',
    '      if (list.getEntries().some((paint) => paint.element === cover)) go();',
    '    });',
    "    observer.observe({ type: 'largest-contentful-paint', buffered: true });",
    '  }',
    "  const drawn = 'decode' in cover ? cover.decode() : Promise.resolve();",
    `  drawn.catch(() => {}).then(() => (reported ? setTimeout(go, ${COVER_PAINT_MS}) : go()));`,
    `  setTimeout(go, ${COVER_WAIT_MS});`,
    '}',
    '</script>',
  ].join('\n');
  const titled = head
    ? template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
          () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
        )
    : template;
  return titled
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(root, () =>
      basename
        ? `<div id="root" ${ROOT_BASE_ATTRIBUTE}="${escapeHtml(basename)}">${html}</div>`
        : `<div id="root">${html}</div>`,
    )
    .replace('</body>', () => `${loader}\n</body>`);
};
