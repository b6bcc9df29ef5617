import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { langKeyHash } from './lang';

/** A client error (4xx) will not change on retry; anything else is retried once. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export interface QueryClientOptions {
  /** How long an answer counts as fresh, in milliseconds. */
  staleTime: number;
  /**
   * The page's language, on the public site's pages other than the default language's: the reads
   * that take `lang` are cached under their keys with it (`langKeyHash`).
   */
  lang?: string;
}

/**
 * The React Query client both apps use: answers stay fresh for `staleTime`, a failed query is
 * retried once unless the server refused it (4xx), a mutation never is, and a window regaining
 * focus does not refetch.
 */
export const createQueryClient = ({ staleTime, lang }: QueryClientOptions) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        ...(lang ? { queryKeyHashFn: langKeyHash(lang) } : {}),
      },
      mutations: { retry: false },
    },
  });
