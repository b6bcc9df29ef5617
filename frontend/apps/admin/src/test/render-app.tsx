import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { onTestFinished } from 'vitest';
import { createAdminQueryClient } from '@/app/query-client';
import { ADMIN_BASENAME, routes } from '@/app/routes';
import { SessionProvider } from '@/lib/session/session-provider';

/** Renders the whole back office at `path` (e.g. `/admin/login`), as the browser would. */
export const renderAdmin = (path: string) => {
  const queryClient = createAdminQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  // Its cache and garbage-collection timers end with the test, not in the next file's.
  onTestFinished(() => queryClient.clear());
  const router = createMemoryRouter(routes, { basename: ADMIN_BASENAME, initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
};
