import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPanel } from '@/components/coming-soon-panel';
import { ScreenSkeleton } from '@/components/screen-skeleton';
import { AcceptInvitePage } from '@/features/auth/components/accept-invite-page';
import { AccountSetupGate } from '@/features/auth/components/account-setup-gate';
import { LoginPage } from '@/features/auth/components/login-page';
import type { ScreenDefinition } from '@/kit/screens/screen';
import { ACCEPT_INVITE_PATH, DASHBOARD_PATH, LOGIN_PATH } from '@/lib/paths';
import { RequireAdmin } from '@/lib/session/require-admin';
import { REGISTRY, SCREENS } from './registry';
import { AccountRegistry, ScreenGate } from './shell/account-registry';
import { AdminLayout } from './shell/admin-layout';

export { ADMIN_BASENAME } from '@/lib/paths';

const lazyScreens = new Map<ScreenDefinition['load'], ReturnType<typeof lazy>>();

const screenElement = (screen: ScreenDefinition) => (
  <ScreenGate screen={screen}>{loadedScreen(screen)}</ScreenGate>
);

const loadedScreen = (screen: ScreenDefinition) => {
  if (!screen.load) return <ComingSoonPanel title={screen.title} summary={screen.summary} />;
  let Screen = lazyScreens.get(screen.load);
  if (!Screen) {
    Screen = lazy(screen.load);
    lazyScreens.set(screen.load, Screen);
  }
  return (
    <Suspense fallback={<ScreenSkeleton title={screen.title} />}>
      <Screen />
    </Suspense>
  );
};

/**
 * The back office (back-office.md §2), relative to /admin: the sign-in page, the invitation page,
 * and behind the team guard (and the first-password step, while one is due) the layout with every
 * screen of the registry (`registry.ts`) at its address and aliases, each lazily loaded; the
 * account's own registry (`AccountRegistry`) decides which it may open, and an address of one it
 * may not, like an unknown subpath, shows the dashboard.
 */
export const routes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  { path: ACCEPT_INVITE_PATH, element: <AcceptInvitePage /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        element: <AccountSetupGate />,
        children: [
          {
            element: (
              <AccountRegistry screens={SCREENS}>
                <AdminLayout />
              </AccountRegistry>
            ),
            children: [
              { index: true, element: <Navigate to={DASHBOARD_PATH} replace /> },
              ...REGISTRY.routes.map(({ path, screen }) => ({
                path: `${path}/*`,
                element: screenElement(screen),
              })),
              { path: '*', element: <Navigate to={DASHBOARD_PATH} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
