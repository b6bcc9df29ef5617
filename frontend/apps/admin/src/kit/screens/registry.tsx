import { createContext, type ReactNode, useContext } from 'react';
import { allowEverything, type Can } from '../permissions';
import type { ActivitySource } from './activity';
import type { AuditKind, QuickLink, ScreenDefinition } from './screen';

/** Everything the back office derives from its list of screens, computed once. */
export interface ScreenRegistry {
  /** Every screen, in the registry's order. */
  screens: readonly ScreenDefinition[];
  /** The sidebar's entries (back-office.md §2), in its order. */
  sidebar: readonly ScreenDefinition[];
  /** The top bar's links, in its order, with the top bar's words for them. */
  topBar: readonly { screen: ScreenDefinition; label: string }[];
  /** The addresses (relative to /admin, without slashes) that open each screen. */
  routes: readonly { path: string; screen: ScreenDefinition }[];
  /** The screen an address (relative to /admin) belongs to. */
  screenOf: (pathname: string) => ScreenDefinition | undefined;
  /** The dashboard's quick links, in their order. */
  quickLinks: readonly QuickLink[];
  /** The dashboard's sources of recent activity. */
  activity: readonly ActivitySource[];
  /** The audit log's record kinds, in the filter's order. */
  auditKinds: readonly AuditKind[];
}

const placementOf = (screen: ScreenDefinition) => screen.placement ?? 'sidebar';

/** Whether a role that may call what `can` allows may open the screen. */
export const mayOpen = (screen: ScreenDefinition, can: Can) =>
  (screen.requires ?? []).every((operationId) => can(operationId));

/**
 * Derives the registry from the screens, cut down to those the signed-in account may open (`can`,
 * from its permissions): every list below follows, so a role never sees a link to a screen, a
 * quick link to a page or an activity it may not call. Without `can`, every screen.
 */
export const createRegistry = (
  allScreens: readonly ScreenDefinition[],
  can: Can = allowEverything,
): ScreenRegistry => {
  const screens = allScreens.filter((screen) => mayOpen(screen, can));
  const routes = screens.flatMap((screen) =>
    [screen.path, ...(screen.aliases ?? [])].map((path) => ({ path, screen })),
  );
  return {
    screens,
    sidebar: screens.filter((screen) => placementOf(screen) === 'sidebar'),
    topBar: screens.flatMap((screen) => {
      const placement = placementOf(screen);
      return typeof placement === 'object' ? [{ screen, label: placement.topBar }] : [];
    }),
    routes,
    screenOf: (pathname) => {
      const first = pathname.split('/').find(Boolean);
      return routes.find((route) => route.path === first)?.screen;
    },
    quickLinks: screens
      .flatMap((screen) =>
        (screen.quickLinks ?? [])
          .filter((link) => link.requires === undefined || can(link.requires))
          .map((link) => ({ ...link, icon: screen.icon })),
      )
      .sort((a, b) => a.rank - b.rank),
    activity: screens.flatMap((screen) => (screen.activity ? [screen.activity] : [])),
    auditKinds: screens.flatMap((screen) => screen.audit ?? []),
  };
};

const RegistryContext = createContext<ScreenRegistry | null>(null);

/** Gives the screens below it the registry (the app provides it around the signed-in layout). */
export function RegistryProvider({
  registry,
  children,
}: {
  registry: ScreenRegistry;
  children: ReactNode;
}) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** The registry, for screens that list the others (the dashboard, the audit log). */
export const useRegistry = (): ScreenRegistry => {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a RegistryProvider');
  return registry;
};
