import type { QueryClient } from '@tanstack/react-query';

/**
 * The id of the element where the server embeds the API answers a page's code asks for first
 * (`crates/adapters-http/src/site/content.rs`): a JSON array of `[queryKey, answer]` pairs.
 */
export const SERVER_DATA_ID = 'atelier-data';

/** A query key as `@atelier/api-client` makes them: the API path, then its parameters if any. */
const isQueryKey = (key: unknown): key is [string, ...unknown[]] =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/');

/**
 * Puts the answers the server embedded into `client`, before React adopts the page: the page's
 * queries then have their data at once and ask the server for nothing while it is fresh. Anything
 * that is not such a list of pairs is ignored. Returns how many answers were seeded.
 */
export const seedServerData = (client: QueryClient, page: Document = document): number => {
  const text = page.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return 0;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  let seeded = 0;
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isQueryKey(entry[0])) continue;
    client.setQueryData(entry[0], entry[1]);
    seeded += 1;
  }
  return seeded;
};
