import { createQueryClient } from '@atelier/api-client/query-client';

/**
 * The public site's query client: answers stay fresh for a minute. On a page of another language
 * than the default, `lang` is the page's: the reads that take it are cached under it.
 */
export const createPublicQueryClient = (lang?: string) =>
  createQueryClient({ staleTime: 60_000, ...(lang ? { lang } : {}) });
