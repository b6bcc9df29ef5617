//! What the signed-in role may do with a kit screen's records: add one, edit or delete a row.
import { useCan } from './permissions';
import type { Identified, ResourceApi, RowAction } from './resource';

/**
 * The role's own controls only: no button whose call the server would refuse. A role allowed its
 * own records only (`ownPermissions`) edits the rows it created.
 */
export const useRowPermissions = <TRow extends Identified, TInput>(
  api: ResourceApi<TInput, TRow>,
) => {
  const can = useCan();
  const operations = api.operations ?? {};
  const allowed = (operationId: string | undefined, row?: TRow) =>
    operationId === undefined || can(operationId, row);
  const mayCreate = allowed(operations.create);
  // Per row: a role allowed its own records only (`ownPermissions`) edits the rows it created.
  const ownRule = api.useMayUpdate?.();
  const mayUpdate = (row: TRow) =>
    allowed(operations.update, row) && (ownRule === undefined || ownRule(row));
  const mayDelete = (row: TRow) => allowed(operations.delete, row);
  // The role's own controls only: no button whose call the server would refuse.
  const allows = (action: RowAction, row: TRow) =>
    (action !== 'edit' || mayUpdate(row)) && (action !== 'delete' || mayDelete(row));
  return { mayCreate, mayUpdate, allows };
};
