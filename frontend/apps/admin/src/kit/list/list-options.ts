//! A declared list's paging, sorting and address keys, as the list state reads them.
import type { FieldValues } from 'react-hook-form';
import type { Identified, ResourceDefinition } from '../resource';
import type { ListStateOptions } from './list-state';

export const listOptionsOf = (list: ResourceDefinition<Identified, FieldValues, unknown>['list']) =>
  ({
    filterKeys: [...(list.filters ?? []).map((filter) => filter.key), ...(list.addressKeys ?? [])],
    pageSizes: list.pageSizes ?? [],
    defaultSize: list.defaultPageSize ?? list.pageSizes?.[0] ?? Number.MAX_SAFE_INTEGER,
    defaultSort: list.sorts?.[0]?.value ?? '',
  }) satisfies ListStateOptions;
