import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createPublicQueryClient } from './query-client';
import type { SiteRouter } from './router';

/** The public site in the browser; `prerender.tsx` renders the same tree around a static router. */
export function App({ router }: { router: SiteRouter }) {
  const [queryClient] = useState(createPublicQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
