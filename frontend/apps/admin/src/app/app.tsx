import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ADMIN_BASENAME, routes } from './routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes, { basename: ADMIN_BASENAME }));
  return <RouterProvider router={router} />;
}
