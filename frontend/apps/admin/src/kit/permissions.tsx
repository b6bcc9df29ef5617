import { createContext, type ReactNode, useContext } from 'react';

/**
 * Whether the signed-in account may call an API operation, by its `operationId`
 * (`createService`), on `record` when the call acts on one. The server's permission table decides;
 * the back office reads the answer from the account's `permissions` (any record) and
 * `ownPermissions` (only records whose `createdBy` is the account) and shows only the controls it
 * may use (no 403 behind a button). Without a record, an own-only operation counts as refused.
 */
export type Can = (operationId: string, record?: unknown) => boolean;

/** The account that created `record` (its `createdBy.id`), if it names one. */
export const creatorOf = (record: unknown): string | undefined => {
  if (typeof record !== 'object' || record === null) return undefined;
  const createdBy = (record as { createdBy?: unknown }).createdBy;
  if (typeof createdBy !== 'object' || createdBy === null) return undefined;
  const id = (createdBy as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
};

/** Everything allowed: the kit's default outside a signed-in account's provider (tests, previews). */
export const allowEverything: Can = () => true;

/**
 * A `Can` from the operation ids an account may call on any record, those it may call on its own
 * records only, and the account's id (a record is its own when it created it; one without a creator
 * is the Owner's).
 */
export const canFrom = (
  permissions: readonly string[] | undefined,
  ownPermissions: readonly string[] = [],
  accountId?: string,
): Can => {
  const allowed = new Set(permissions ?? []);
  const own = new Set(ownPermissions);
  return (operationId, record) =>
    allowed.has(operationId) ||
    (own.has(operationId) && accountId !== undefined && creatorOf(record) === accountId);
};

const PermissionsContext = createContext<Can>(allowEverything);

/** Gives the screens below it what the signed-in account may call. */
export function PermissionsProvider({ can, children }: { can: Can; children: ReactNode }) {
  return <PermissionsContext.Provider value={can}>{children}</PermissionsContext.Provider>;
}

/** What the signed-in account may call. */
export const useCan = (): Can => useContext(PermissionsContext);

/**
 * Whether the account may call the operation (on `record`, when it acts on one); true when no
 * operation is named.
 */
export const useAllowed = (operationId: string | undefined, record?: unknown): boolean => {
  const can = useCan();
  return operationId === undefined || can(operationId, record);
};
