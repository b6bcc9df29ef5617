//! The script a pre-rendered page starts with, sending its first API requests at once.
import { EARLY_REQUESTS_KEY } from '../lib/early-requests';
import { SERVER_DATA_ID } from '../lib/server-data';
import type { EarlyRequests } from './render-page';

/**
 * Sends the page's first API requests at once and keeps them where the HTTP wrapper of
 * `@atelier/api-client/http` takes them from, so the data arrives while the scripts load; the
 * images an answer names are fetched as soon as it arrives.
 */
export const earlyRequestsScript = (early: EarlyRequests) => [
  `const early = ${JSON.stringify(early).replaceAll('<', '\\u003c')};`,
  "const segments = location.pathname.split('/');",
  'const params = new Map();',
  "early.pattern.split('/').forEach((part, index) => {",
  "  if (!part.startsWith(':')) return;",
  "  try { params.set(part, decodeURIComponent(segments[index] ?? '')); } catch { params.set(part, ''); }",
  '});',
  // The answers the server embedded in the page (`lib/server-data.ts`) are not asked for again.
  'const embedded = new Set();',
  'try {',
  `  const data = JSON.parse(document.getElementById(${JSON.stringify(SERVER_DATA_ID)})?.textContent || '[]');`,
  '  for (const [key] of data) {',
  '    if (!Array.isArray(key) || typeof key[0] !== "string") continue;',
  // A key with parameters names the address its query asks for, as `@atelier/api-client` writes it.
  "    const query = key[1] && typeof key[1] === 'object' ? new URLSearchParams(Object.entries(key[1]).map(([name, value]) => [name, String(value)])).toString() : '';",
  "    embedded.add(query ? key[0] + '?' + query : key[0]);",
  '  }',
  '} catch {}',
  `window.${EARLY_REQUESTS_KEY} = new Map(early.requests.flatMap(({ path: pattern, images = [] }) => {`,
  '  const path = pattern.replace(/:[^/?]+/g, (name) => params.get(name) ?? name);',
  '  if (embedded.has(path)) return [];',
  "  const request = fetch('/api' + path, { headers: { Accept: 'application/json' } });",
  '  request',
  '    .then((response) => (response.ok && images.length > 0 ? response.clone().json() : {}))',
  '    .then((body) => {',
  '      for (const { field, sizes } of images) {',
  "        const href = typeof body[field] === 'string' ? body[field].trim() : '';",
  '        if (!href) continue;',
  // The server wrote the preload of the cover of the page it filled in: one link is enough.
  "        const written = document.head.querySelectorAll('link[rel=preload][as=image]');",
  "        if ([...written].some((link) => link.getAttribute('href') === href)) continue;",
  "        const link = document.createElement('link');",
  "        link.setAttribute('rel', 'preload');",
  "        link.setAttribute('as', 'image');",
  "        link.setAttribute('href', href);",
  "        link.setAttribute('fetchpriority', 'high');",
  // A library image: the WebP copy the page's srcset will pick, not the original.
  '        const library = (Array.isArray(body.images) ? body.images : []).find((image) =>',
  "          typeof image?.path === 'string' && (href === image.path || href.endsWith(image.path)));",
  "        const srcset = (library?.variants ?? []).map((copy) => copy.url + ' ' + copy.width + 'w').join(', ');",
  '        if (srcset) {',
  "          link.setAttribute('imagesrcset', srcset);",
  "          link.setAttribute('imagesizes', sizes);",
  '        }',
  '        document.head.append(link);',
  '      }',
  '    })',
  '    .catch(() => {});',
  '  return [[path, request]];',
  '}));',
];
