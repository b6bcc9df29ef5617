/**
 * The page's language on the API's reads that take one (`?lang=`): the operations the API document
 * declares a `lang` query parameter on (`generated/lang-operations.ts`, written by `pnpm generate`).
 * The HTTP wrapper adds it to their addresses and the query client to their keys, in one place, so a
 * read declaring `lang` later needs no change in the apps.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { LANG_OPERATIONS } from './generated/lang-operations';

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** A path template (`/blog/public/posts/slug/{slug}`) as a test of a path without its query. */
const matcherOf = (template: string) =>
  new RegExp(`^${escapeRegExp(template).replace(/\{[^}/]+\}/g, '[^/]+')}$`);

/** Whether an API path (without `/api`, with or without its query) takes `lang`. */
export const takesLang = (
  path: string,
  templates: readonly string[] = LANG_OPERATIONS,
): boolean => {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return templates.some((template) => matcherOf(template).test(pathname));
};

/**
 * `path` asking for `lang`, when `lang` is set and the read takes it and does not name a language
 * already; else `path` unchanged.
 */
export const withLang = (
  path: string,
  lang: string | undefined,
  templates: readonly string[] = LANG_OPERATIONS,
): string => {
  if (!lang || !takesLang(path, templates)) return path;
  const [head = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  if (params.has('lang')) return path;
  params.append('lang', lang);
  return `${head}?${params.toString()}`;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A query key as `@atelier/api-client` makes them (`[path]`, `[path, params]`) with `lang` among
 * its parameters, when the read takes it and the key does not name a language already: the key the
 * read's address is asked for with, and the one the server embeds a language's answers under.
 */
export const keyWithLang = (
  key: QueryKey,
  lang: string | undefined,
  templates: readonly string[] = LANG_OPERATIONS,
): QueryKey => {
  const [path, params, ...rest] = key;
  if (!lang || typeof path !== 'string' || !takesLang(path, templates)) return key;
  if (key.length === 1) return [path, { lang }];
  if (!isPlainObject(params)) return key;
  if ('lang' in params && params.lang !== undefined) return key;
  return [path, { ...params, lang }, ...rest];
};

/**
 * The query client's `queryKeyHashFn` for a page in `lang`: a read that takes `lang` is cached
 * under its key with the language, so the answers of two languages never mix and the answer the
 * server embedded under `[path, {…, lang}]` is the one the page's `[path, {…}]` reads.
 */
export const langKeyHash =
  (lang: string, templates: readonly string[] = LANG_OPERATIONS) =>
  (key: QueryKey): string =>
    hashKey(keyWithLang(key, lang, templates));
