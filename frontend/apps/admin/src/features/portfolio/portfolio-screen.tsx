import {
  type NewPortfolioProject,
  type PortfolioProject,
  type PortfolioProjectStatus,
  type PortfolioSort,
  useCreatePortfolioProject,
  useDeletePortfolioProject,
  useGetPortfolioProject,
  useListPortfolioProjects,
  useUpdatePortfolioProject,
} from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faStar } from '@fortawesome/free-solid-svg-icons';
import { failedTo } from '@/kit/errors';
import { changedBy } from '@/kit/form/record-meta';
import { PublicationBadge } from '@/kit/list/status-badge';
import { useRowAction } from '@/kit/list/use-row-action';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { shortDate } from '@/kit/values';
import { ADVANCED_KEYS, AdvancedFilters, onPage } from './portfolio-filters';
import { portfolioForm, type Values } from './portfolio-form';
import { portfolioScreen } from './screen';

/** back-office.md §9: 12 a page by default; 'All' asks for the administrators' maximum. */
const ALL = 1000;
export const PORTFOLIO_PAGE_SIZES = [6, 12, 24, 48, ALL] as const;

/** back-office.md §9: the seven sorts, most recent first by default. */
const SORTS: readonly { value: PortfolioSort; label: string }[] = [
  { value: 'most-recent', label: 'Most Recent' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'title-asc', label: 'Title A-Z' },
  { value: 'title-desc', label: 'Title Z-A' },
  { value: 'featured', label: 'Featured First' },
  { value: 'client-asc', label: 'Client A-Z' },
  { value: 'client-desc', label: 'Client Z-A' },
];

/** The star on a card: sends only `featured` (back-office.md §2). */
function FeaturedToggle({ row }: { row: PortfolioProject }) {
  const toggle = useRowAction(useUpdatePortfolioProject(), ['/portfolio']);
  return (
    <button
      type="button"
      aria-pressed={row.featured}
      aria-label={`Featured: ${row.title}`}
      title={row.featured ? 'Remove from featured' : 'Mark as featured'}
      disabled={toggle.busy}
      onClick={() =>
        void toggle.run(
          { id: row._id, data: { featured: !row.featured, version: row.version } },
          'Project updated successfully!',
          failedTo('update', 'projects'),
        )
      }
      className={`rounded-md p-2 ${row.featured ? 'text-yellow-500' : 'text-gray-400'} hover:bg-gray-100 disabled:opacity-60`}
    >
      <Icon icon={faStar} className="h-4 w-4" />
    </button>
  );
}

export const portfolio = defineResource<PortfolioProject, Values, NewPortfolioProject>({
  title: portfolioScreen.title,
  addLabel: 'Add Project',
  description: 'The case studies on the portfolio page; only published ones are public.',
  list: {
    mode: 'server',
    useRows: (state) => {
      const result = fromQuery(
        useListPortfolioProjects({
          page: state.page,
          limit: state.size,
          sort: state.sort as PortfolioSort,
          search: state.q.trim() || undefined,
          category: state.filters.category || undefined,
          status: (state.filters.status as PortfolioProjectStatus) || undefined,
          featured: state.filters.featured ? state.filters.featured === 'true' : undefined,
        }),
        (data) => ({ rows: data.projects, total: data.totalItems }),
      );
      return { ...result, rows: onPage(result.rows, state.filters) };
    },
    useRecord: (id) => {
      const query = useGetPortfolioProject(id, undefined, {
        query: { enabled: id !== '', retry: false },
      });
      return { record: query.data, isPending: id !== '' && query.isPending };
    },
    search: { placeholder: 'Search projects…' },
    filters: [
      {
        key: 'category',
        label: 'Category',
        allLabel: 'All',
        kind: 'chips',
        // Filled from the projects' own categories by `usePortfolioCategories` below.
        options: [],
      },
    ],
    addressKeys: ADVANCED_KEYS,
    sorts: SORTS,
    pageSizes: PORTFOLIO_PAGE_SIZES,
    defaultPageSize: 12,
    pageSizeLabel: (size) => (size === ALL ? 'All' : String(size)),
    toolbarExtra: (state, update) => <AdvancedFilters state={state} update={update} />,
    card: (row, actions) => (
      <>
        <div className="-mx-5 -mt-5 mb-4 aspect-video overflow-hidden rounded-t-xl bg-gray-100">
          {row.image ? (
            <img src={row.image} alt="" loading="lazy" className="h-full w-full object-cover" />
          ) : null}
        </div>
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold text-gray-900">{row.title}</p>
            <p className="text-sm text-gray-600">
              {row.client}
              {row.category ? ` · ${row.category}` : ''}
            </p>
          </div>
          <FeaturedToggle row={row} />
        </div>
        <p className="mt-2 line-clamp-2 text-sm text-gray-600">{row.shortDescription}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-4">
          <span className="flex flex-col items-start gap-1 text-xs text-gray-600">
            <PublicationBadge record={row} />
            <span className="whitespace-nowrap">{shortDate(row.completedAt)}</span>
            {row.updatedBy && <span>Changed {changedBy(row)}</span>}
          </span>
          {actions}
        </div>
      </>
    ),
    empty: (state) =>
      state.q.trim() || Object.values(state.filters).some(Boolean)
        ? 'No projects match these filters'
        : 'No projects yet. Add your first project!',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.title,
  },
  form: portfolioForm,
  api: {
    useCreate: useCreatePortfolioProject,
    useUpdate: useUpdatePortfolioProject,
    useDelete: useDeletePortfolioProject,
    invalidates: ['/portfolio'],
    operations: {
      create: 'createPortfolioProject',
      update: 'updatePortfolioProject',
      delete: 'deletePortfolioProject',
    },
  },
  messages: {
    created: 'Project created successfully!',
    updated: 'Project updated successfully!',
    deleted: 'Project deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this portfolio item?',
    plural: 'projects',
  },
});

/** The category chips: every category the projects use, from one list of all of them. */
const usePortfolioCategories = () => {
  const all = useListPortfolioProjects({ limit: ALL });
  return [...new Set((all.data?.projects ?? []).map((project) => project.category))]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => ({ value: name, label: name }));
};

export default function PortfolioScreen() {
  const categories = usePortfolioCategories();
  const [filter] = portfolio.list.filters ?? [];
  const definition = {
    ...portfolio,
    list: {
      ...portfolio.list,
      filters: filter ? [{ ...filter, options: categories }] : [],
    },
  };
  return <ResourceScreen definition={definition} />;
}
