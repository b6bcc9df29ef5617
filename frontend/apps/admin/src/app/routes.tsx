import type { RouteObject } from 'react-router';
import { ShellPage } from '../features/shell/components/shell-page';

/** The back office lives under /admin; every deep link renders the shell for now. */
export const ADMIN_BASENAME = '/admin';

export const routes: RouteObject[] = [
  { index: true, element: <ShellPage /> },
  { path: '*', element: <ShellPage /> },
];
