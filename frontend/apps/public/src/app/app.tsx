import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createPublicQueryClient } from './query-client';
import type { SiteRouter } from './router';

/**
 * The public site in the browser; `prerender.tsx` renders the same tree around a static router.
 * `client` is the query client, when the page made it first (to seed it with the server's answers).
 */
export function App({ router, client }: { router: SiteRouter; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createPublicQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
