import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** A client error (4xx) will not change on retry; anything else is retried once. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export interface QueryClientOptions {
  /** How long an answer counts as fresh, in milliseconds. */
  staleTime: number;
}

/**
 * The React Query client both apps use: answers stay fresh for `staleTime`, a failed query is
 * retried once unless the server refused it (4xx), a mutation never is, and a window regaining
 * focus does not refetch.
 */
export const createQueryClient = ({ staleTime }: QueryClientOptions) =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
