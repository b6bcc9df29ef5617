import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SessionProvider } from '@/lib/session/session-provider';
import { createAdminQueryClient } from './query-client';
import { ADMIN_BASENAME, routes } from './routes';

export function App() {
  const [queryClient] = useState(createAdminQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: ADMIN_BASENAME }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
