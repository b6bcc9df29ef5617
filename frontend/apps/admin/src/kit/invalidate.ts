import type { QueryClient } from '@tanstack/react-query';

/** The dashboard's summary reads every collection, so every write refreshes it. */
const ALWAYS = ['/dashboard'];

/**
 * Marks stale every cached query whose key starts with one of `prefixes` (generated keys begin
 * with the API path), so every list, picker and the dashboard show the write.
 */
export const invalidatePrefixes = (client: QueryClient, prefixes: readonly string[]) =>
  client.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0];
      return (
        typeof head === 'string' &&
        [...prefixes, ...ALWAYS].some((prefix) => head === prefix || head.startsWith(`${prefix}/`))
      );
    },
  });
