import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { type PageLanguage, PageLanguageProvider } from '@/lib/page-language';
import { createPublicQueryClient } from './query-client';
import type { SiteRouter } from './router';

/**
 * The public site in the browser; `prerender.tsx` renders the same tree around a static router.
 * `client` is the query client, when the page made it first (to seed it with the server's answers);
 * `language` the page's (the default language's at `/` when left out).
 */
export function App({
  router,
  client,
  language = { tag: 'en', basename: '' },
}: {
  router: SiteRouter;
  client?: QueryClient;
  language?: PageLanguage;
}) {
  const [queryClient] = useState(() => client ?? createPublicQueryClient());
  return (
    <PageLanguageProvider value={language}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PageLanguageProvider>
  );
}
