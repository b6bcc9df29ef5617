import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUSES, rowStatusFilter } from './status-filter';

describe('rowStatusFilter', () => {
  it('filters on the row’s status, Active and Inactive with All Status by default', () => {
    const filter = rowStatusFilter<{ status: string }>();
    expect(filter).toMatchObject({
      key: 'status',
      label: 'Status',
      allLabel: 'All Status',
      options: ACTIVE_STATUSES,
    });
    expect(filter.kind).toBeUndefined();
    expect(filter.match?.({ status: 'active' }, 'active')).toBe(true);
    expect(filter.match?.({ status: 'inactive' }, 'active')).toBe(false);
  });

  it('takes other statuses and another look', () => {
    const options = [{ value: 'pending', label: 'Pending' }];
    expect(rowStatusFilter(options, { allLabel: 'All', kind: 'chips' })).toMatchObject({
      key: 'status',
      allLabel: 'All',
      kind: 'chips',
      options,
    });
  });
});
