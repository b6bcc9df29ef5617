import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPanel } from '../components/coming-soon-panel';
import { LoginPage } from '../features/auth/components/login-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AdminLayout } from '../features/shell/components/admin-layout';
import { PLANNED_SCREENS } from '../lib/admin-screens';
import { DASHBOARD_PATH, LOGIN_PATH } from '../lib/paths';
import { RequireAdmin } from '../lib/session/require-admin';

export { ADMIN_BASENAME } from '../lib/paths';

/**
 * The back office (back-office.md §2), relative to /admin: the sign-in page, and behind the
 * administrator guard the layout with every screen. An unknown subpath shows the dashboard.
 */
export const routes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to={DASHBOARD_PATH} replace /> },
          { path: DASHBOARD_PATH, element: <DashboardPage /> },
          ...PLANNED_SCREENS.map((screen) => ({
            path: screen.route,
            element: <ComingSoonPanel title={screen.title} summary={screen.summary} />,
          })),
          { path: '*', element: <Navigate to={DASHBOARD_PATH} replace /> },
        ],
      },
    ],
  },
];
