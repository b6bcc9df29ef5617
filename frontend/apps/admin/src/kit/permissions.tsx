import { createContext, type ReactNode, useContext } from 'react';

/**
 * Whether the signed-in account may call an API operation, by its `operationId`
 * (`createService`). The server's permission table decides; the back office reads the answer from
 * the account's `permissions` and shows only the controls it may use (no 403 behind a button).
 */
export type Can = (operationId: string) => boolean;

/** Everything allowed: the kit's default outside a signed-in account's provider (tests, previews). */
export const allowEverything: Can = () => true;

/** A `Can` from the operation ids an account may call. */
export const canFrom = (permissions: readonly string[] | undefined): Can => {
  const allowed = new Set(permissions ?? []);
  return (operationId) => allowed.has(operationId);
};

const PermissionsContext = createContext<Can>(allowEverything);

/** Gives the screens below it what the signed-in account may call. */
export function PermissionsProvider({ can, children }: { can: Can; children: ReactNode }) {
  return <PermissionsContext.Provider value={can}>{children}</PermissionsContext.Provider>;
}

/** What the signed-in account may call. */
export const useCan = (): Can => useContext(PermissionsContext);

/** Whether the account may call the operation; true when no operation is named. */
export const useAllowed = (operationId: string | undefined): boolean => {
  const can = useCan();
  return operationId === undefined || can(operationId);
};
