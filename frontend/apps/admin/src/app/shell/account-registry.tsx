import { type ReactNode, useMemo } from 'react';
import { Navigate } from 'react-router';
import { canFrom, PermissionsProvider } from '@/kit/permissions';
import { createRegistry, RegistryProvider, useRegistry } from '@/kit/screens/registry';
import type { ScreenDefinition } from '@/kit/screens/screen';
import { DASHBOARD_PATH } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';

/**
 * The registry and the permissions of the signed-in account: the screens cut down to what its role
 * may open (`createRegistry`), and `useCan` for the screens' buttons, both from the `permissions`
 * (and, for the rows the account created, `ownPermissions`) the server sent with the account. A role changed on the server reaches them at the next sign-in
 * or session check.
 */
export function AccountRegistry({
  screens,
  children,
}: {
  screens: readonly ScreenDefinition[];
  children: ReactNode;
}) {
  const { user } = useSession();
  const permissions = user?.permissions;
  const ownPermissions = user?.ownPermissions;
  const accountId = user?._id;
  const can = useMemo(
    () => canFrom(permissions, ownPermissions, accountId),
    [permissions, ownPermissions, accountId],
  );
  const registry = useMemo(() => createRegistry(screens, can), [screens, can]);
  return (
    <PermissionsProvider can={can}>
      <RegistryProvider registry={registry}>{children}</RegistryProvider>
    </PermissionsProvider>
  );
}

/** A screen's route: the screen when the account may open it, the dashboard otherwise. */
export function ScreenGate({
  screen,
  children,
}: {
  screen: ScreenDefinition;
  children: ReactNode;
}) {
  const { screens } = useRegistry();
  if (!screens.includes(screen)) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}
