import { type PortfolioProject, useListTags, useListTechnologies } from '@atelier/api-client/api';
import { checkedValues, type DialogFilter, FilterDialog } from '@/kit/list/filter-dialog';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import type { FilterOption } from '@/kit/resource';

export const STATUSES = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
] as const;

/** The advanced filters of back-office.md §2, kept in the address; the lists' options given. */
const advanced = (
  technologies: readonly FilterOption[],
  tags: readonly FilterOption[],
): readonly DialogFilter[] => [
  { kind: 'select', key: 'status', label: 'Status', allLabel: 'All Status', options: STATUSES },
  {
    kind: 'select',
    key: 'featured',
    label: 'Featured',
    allLabel: 'All Projects',
    options: [
      { value: 'true', label: 'Featured only' },
      { value: 'false', label: 'Not featured' },
    ],
  },
  { kind: 'date', key: 'from', label: 'Completed from' },
  { kind: 'date', key: 'to', label: 'Completed until' },
  { kind: 'checks', key: 'tech', label: 'Technologies', options: technologies },
  { kind: 'checks', key: 'tag', label: 'Tags', options: tags },
];

/** The advanced filters' keys in the address. */
export const ADVANCED_KEYS = advanced([], []).map((filter) => filter.key);

/**
 * Status and featured are asked of the server (so paging stays right); the completion date range,
 * technologies and tags narrow the page shown.
 */
export const onPage = (
  rows: readonly PortfolioProject[],
  filters: Readonly<Record<string, string>>,
) => {
  const from = filters.from ?? '';
  const to = filters.to ?? '';
  const tech = checkedValues(filters.tech);
  const tag = checkedValues(filters.tag);
  return rows.filter((row) => {
    const day = row.completedAt.slice(0, 10);
    return (
      (!from || day >= from) &&
      (!to || day <= to) &&
      tech.every((id) => row.technologies.includes(id)) &&
      tag.every((id) => row.tags.includes(id))
    );
  });
};

/** 'Filters': the advanced-filter dialog. */
export function AdvancedFilters({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const technologies = useListTechnologies();
  const tags = useListTags();
  const filters = advanced(
    (technologies.data?.data ?? []).map((technology) => ({
      value: technology._id,
      label: technology.name,
    })),
    (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name })),
  );
  return (
    <FilterDialog
      title="Advanced Filters"
      filters={filters}
      note="Dates, technologies and tags narrow the page shown; status and featured search every project."
      state={state}
      update={update}
    />
  );
}
