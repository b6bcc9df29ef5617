//! The script a pre-rendered page starts with, sending its first API requests at once.
import { EARLY_REQUESTS_KEY } from '../lib/early-requests';
import { SERVER_DATA_ID } from '../lib/server-data';
import type { EarlyRequests } from './render-page';

/**
 * Sends the page's first API requests at once and keeps them where the HTTP wrapper of
 * `@atelier/api-client/http` takes them from, so the data arrives while the scripts load; the
 * images an answer names are fetched as soon as it arrives. On a page of another language than the
 * default (`/de/blog/x`, `lib/page-language.ts`), the route's segments follow the language's, and
 * the reads that take a language ask in the page's (`?lang=de`), as the HTTP wrapper does.
 */
export const earlyRequestsScript = (early: EarlyRequests) => [
  `const early = ${JSON.stringify(early).replaceAll('<', '\\u003c')};`,
  'let data = [];',
  `try { data = JSON.parse(document.getElementById(${JSON.stringify(SERVER_DATA_ID)})?.textContent || '[]'); } catch {}`,
  'if (!Array.isArray(data)) data = [];',
  'const lang = document.documentElement.lang.trim();',
  "const segments = location.pathname.split('/');",
  "const first = (segments[1] ?? '').toLowerCase();",
  "const settings = data.find((entry) => Array.isArray(entry?.[0]) && entry[0].length === 1 && entry[0][0] === '/settings')?.[1];",
  'const others = Array.isArray(settings?.languages) ? settings.languages.slice(1).map((language) => String(language?.tag).toLowerCase()) : undefined;',
  "const prefixed = lang !== '' && first === lang.toLowerCase() && (!others || others.includes(first));",
  'if (prefixed) segments.splice(1, 1);',
  'const params = new Map();',
  "early.pattern.split('/').forEach((part, index) => {",
  "  if (!part.startsWith(':')) return;",
  "  try { params.set(part, decodeURIComponent(segments[index] ?? '')); } catch { params.set(part, ''); }",
  '});',
  // The answers the server embedded in the page (`lib/server-data.ts`) are not asked for again.
  'const embedded = new Set();',
  'try {',
  '  for (const [key] of data) {',
  '    if (!Array.isArray(key) || typeof key[0] !== "string") continue;',
  // A key with parameters names the address its query asks for, as `@atelier/api-client` writes it.
  "    const query = key[1] && typeof key[1] === 'object' ? new URLSearchParams(Object.entries(key[1]).map(([name, value]) => [name, String(value)])).toString() : '';",
  "    embedded.add(query ? key[0] + '?' + query : key[0]);",
  '  }',
  '} catch {}',
  `window.${EARLY_REQUESTS_KEY} = new Map(early.requests.flatMap(({ path: pattern, images = [], lang: named }) => {`,
  '  const bare = pattern.replace(/:[^/?]+/g, (name) => params.get(name) ?? name);',
  "  const path = prefixed && named ? bare + (bare.includes('?') ? '&' : '?') + new URLSearchParams({ lang }).toString() : bare;",
  '  if (embedded.has(path) || embedded.has(bare)) return [];',
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
