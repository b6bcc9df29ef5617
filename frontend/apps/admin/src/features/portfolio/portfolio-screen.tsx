import {
  type NewPortfolioProject,
  type PortfolioProject,
  type PortfolioProjectStatus,
  type PortfolioSort,
  useCreatePortfolioProject,
  useDeletePortfolioProject,
  useGetPortfolioProject,
  useGetPortfolioProjectRevision,
  useListPortfolioProjectRevisions,
  useListPortfolioProjects,
  useListTags,
  useListTechnologies,
  useRestorePortfolioProjectRevision,
  useUpdatePortfolioProject,
} from '@atelier/api-client/api';
import { ProjectArticle } from '@atelier/site/project-article';
import { inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { Modal } from '@atelier/ui/modal';
import { faFilter, faStar } from '@fortawesome/free-solid-svg-icons';
import { useId, useState } from 'react';
import { z } from 'zod';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import { failedTo } from '@/kit/errors';
import {
  CheckboxField,
  DateTimeField,
  FieldRow,
  SelectField,
  TextField,
} from '@/kit/fields/fields';
import { MediaPickerField } from '@/kit/fields/media-picker';
import { TagsField, TechnologiesField } from '@/kit/fields/pickers';
import type { HistoryField } from '@/kit/history/diff-view';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import { PublicationBadge } from '@/kit/list/status-badge';
import { useRowAction } from '@/kit/list/use-row-action';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { isWebUrl, shortDate, shortDateTime } from '@/kit/values';
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

const STATUSES = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
] as const;

/** The advanced filters' keys in the address. */
const ADVANCED = ['status', 'featured', 'from', 'to', 'tech', 'tag'] as const;
const ids = (raw: string | undefined) => (raw ? raw.split(',').filter(Boolean) : []);
const HEX_ID = /^[0-9a-f]{24}$/;

/**
 * The advanced filters of back-office.md §2: status and featured are asked of the server (so
 * paging stays right); the completion date range, technologies and tags narrow the page shown.
 */
const onPage = (rows: readonly PortfolioProject[], filters: Readonly<Record<string, string>>) => {
  const from = filters.from ?? '';
  const to = filters.to ?? '';
  const tech = ids(filters.tech);
  const tag = ids(filters.tag);
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

function CheckList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">None yet</p>
      ) : (
        <div className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
          {options.map((option) => (
            <label
              key={option.value}
              className="inline-flex items-center gap-2 rounded-full border border-gray-300 px-3 py-1 text-sm"
            >
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, option.value]
                      : chosen.filter((id) => id !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** 'Filters': the advanced-filter dialog, its choices kept in the address. */
function AdvancedFilters({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const technologies = useListTechnologies();
  const tags = useListTags();
  const active = ADVANCED.filter((key) => state.filters[key]).length;
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const apply = (values: Record<string, string>) => {
    update({ filters: Object.fromEntries(ADVANCED.map((key) => [key, values[key] ?? ''])) });
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setDraft(Object.fromEntries(ADVANCED.map((key) => [key, state.filters[key] ?? ''])));
          setOpen(true);
        }}
        className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <Icon icon={faFilter} className="h-3.5 w-3.5" />
        Filters
        {active > 0 && (
          <>
            {' '}
            <span className="rounded-full bg-blue-600 px-2 text-xs font-semibold text-white">
              {active}
              <span className="sr-only">{' active'}</span>
            </span>
          </>
        )}
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Advanced Filters" size="lg">
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium">
                Status
              </label>
              <select
                id={`${id}-status`}
                value={draft.status ?? ''}
                onChange={(event) => set('status', event.target.value)}
                className={inputClass}
              >
                <option value="">All Status</option>
                {STATUSES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-featured`} className="mb-1 block text-sm font-medium">
                Featured
              </label>
              <select
                id={`${id}-featured`}
                value={draft.featured ?? ''}
                onChange={(event) => set('featured', event.target.value)}
                className={inputClass}
              >
                <option value="">All Projects</option>
                <option value="true">Featured only</option>
                <option value="false">Not featured</option>
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
                Completed from
              </label>
              <input
                id={`${id}-from`}
                type="date"
                value={draft.from ?? ''}
                onChange={(event) => set('from', event.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
                Completed until
              </label>
              <input
                id={`${id}-to`}
                type="date"
                value={draft.to ?? ''}
                onChange={(event) => set('to', event.target.value)}
                className={inputClass}
              />
            </div>
          </div>
          <CheckList
            legend="Technologies"
            options={(technologies.data?.data ?? []).map((technology) => ({
              value: technology._id,
              label: technology.name,
            }))}
            chosen={ids(draft.tech)}
            onChange={(next) => set('tech', next.join(','))}
          />
          <CheckList
            legend="Tags"
            options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            chosen={ids(draft.tag)}
            onChange={(next) => set('tag', next.join(','))}
          />
          <p className="text-xs text-gray-600">
            Dates, technologies and tags narrow the page shown; status and featured search every
            project.
          </p>
          <div className="flex justify-end gap-3 border-t border-gray-100 pt-4">
            <button
              type="button"
              onClick={() => apply({})}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Clear Filters
            </button>
            <button
              type="button"
              onClick={() => apply(draft)}
              className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              Apply Filters
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}

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
          { id: row._id, data: { featured: !row.featured } },
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

const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isWebUrl(value), 'Please enter a valid URL');
const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  client: z.string().trim().min(1, 'Client is required'),
  category: z.string().trim(),
  shortDescription: z.string().trim(),
  description: z.string(),
  image: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || value.startsWith('/') || isWebUrl(value),
      'Please enter a valid URL',
    ),
  technologies: z.array(z.string()),
  tags: z.array(z.string()),
  demoUrl: optionalUrl,
  githubUrl: optionalUrl,
  completedAt: z.string().min(1, 'Completion date is required'),
  status: z.enum(['published', 'draft', 'archived']),
  featured: z.boolean(),
  publishAt: z.string(),
});
type Values = z.infer<typeof schema>;

/** The fields the history compares, in the form's order, with names for technologies and tags. */
const useHistoryFields = (): readonly HistoryField<Values>[] => {
  const technologies = useListTechnologies({ status: 'active' });
  const tags = useListTags();
  const technology = new Map((technologies.data?.data ?? []).map((item) => [item._id, item.name]));
  const tag = new Map((tags.data ?? []).map((item) => [item._id, item.name]));
  const names = (ids: readonly string[], known: Map<string, string>) =>
    ids.map((id) => known.get(id) ?? id).join(', ');
  return [
    { label: 'Title', text: (values) => values.title },
    { label: 'Client', text: (values) => values.client },
    { label: 'Category', text: (values) => values.category },
    { label: 'Completion Date', text: (values) => values.completedAt },
    { label: 'Short Description', text: (values) => values.shortDescription },
    { label: 'Description', text: (values) => values.description, kind: 'markdown' },
    { label: 'Image URL', text: (values) => values.image },
    { label: 'Technologies', text: (values) => names(values.technologies, technology) },
    { label: 'Tags', text: (values) => names(values.tags, tag) },
    { label: 'Demo URL', text: (values) => values.demoUrl },
    { label: 'GitHub URL', text: (values) => values.githubUrl },
    { label: 'Status', text: (values) => values.status },
    { label: 'Featured Project', text: (values) => (values.featured ? 'Yes' : 'No') },
    { label: 'Publish at', text: (values) => shortDateTime(values.publishAt) },
  ];
};

/** The project as /project/{slug} would show it, drawn by the site's own page from the form. */
function ProjectPreview({ values, row }: { values: Values; row: PortfolioProject | undefined }) {
  const now = new Date().toISOString();
  const project: PortfolioProject = {
    _id: row?._id ?? '',
    slug: row?.slug ?? '',
    images: row?.images ?? [],
    createdAt: row?.createdAt ?? now,
    updatedAt: now,
    ...values,
    completedAt: values.completedAt ? `${values.completedAt}T00:00:00Z` : now,
    publishAt: values.publishAt || null,
  };
  return <ProjectArticle project={project} />;
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
      const query = useGetPortfolioProject(id, { query: { enabled: id !== '', retry: false } });
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
    addressKeys: ADVANCED,
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
  form: {
    variant: 'inline',
    schema,
    defaults: {
      title: '',
      client: '',
      category: '',
      shortDescription: '',
      description: '',
      image: '',
      technologies: [],
      tags: [],
      demoUrl: '',
      githubUrl: '',
      completedAt: '',
      status: 'published',
      featured: false,
      publishAt: '',
    },
    fromRecord: (row) => ({
      title: row.title,
      client: row.client,
      category: row.category,
      shortDescription: row.shortDescription,
      description: row.description,
      image: row.image,
      technologies: row.technologies,
      tags: row.tags,
      demoUrl: row.demoUrl,
      githubUrl: row.githubUrl,
      completedAt: row.completedAt.slice(0, 10),
      status: row.status,
      featured: row.featured,
      publishAt: row.publishAt ?? '',
    }),
    // back-office.md §5: only 24-hex technology ids are sent.
    toInput: (values) => ({
      ...values,
      technologies: values.technologies.filter((id) => HEX_ID.test(id)),
      publishAt: values.publishAt || null,
    }),
    fields: () => (
      <>
        <DraftAutosave scope="portfolio" />
        <FieldRow>
          <TextField name="title" label="Title" required />
          <TextField name="client" label="Client" required />
        </FieldRow>
        <FieldRow>
          <TextField name="category" label="Category" placeholder="e.g. Web Application" />
          <TextField name="completedAt" label="Completion Date" type="date" required />
        </FieldRow>
        <TextField name="shortDescription" label="Short Description" />
        <MarkdownField
          name="description"
          label="Description"
          height={300}
          controls={{ modes: false, theme: false }}
        />
        <MediaPickerField name="image" label="Image URL" placeholder="https://… or /images/…" />
        <TechnologiesField name="technologies" label="Technologies" />
        <TagsField name="tags" label="Tags" />
        <FieldRow>
          <TextField name="demoUrl" label="Demo URL" type="url" placeholder="https://…" />
          <TextField name="githubUrl" label="GitHub URL" type="url" placeholder="https://…" />
        </FieldRow>
        <FieldRow>
          <SelectField name="status" label="Status" options={STATUSES} />
          <div className="flex items-end pb-2">
            <CheckboxField name="featured" label="Featured Project" />
          </div>
        </FieldRow>
        <DateTimeField
          name="publishAt"
          label="Publish at"
          hint="Empty: live as soon as it is published. A later time keeps a published project off the site until then."
        />
      </>
    ),
    titles: { create: 'Add Project', edit: 'Edit Project' },
    history: {
      noun: 'project',
      label: (row) => row.title,
      useRevisions: (id) => useListPortfolioProjectRevisions(id),
      useRevision: (id, revisionId) => useGetPortfolioProjectRevision(id, revisionId),
      useRestore: () => {
        const restore = useRestorePortfolioProjectRevision();
        return {
          isPending: restore.isPending,
          mutateAsync: ({ key, revisionId }) => restore.mutateAsync({ id: key, revisionId }),
        };
      },
      useFields: useHistoryFields,
      invalidates: ['/portfolio'],
    },
    preview: ProjectPreview,
  },
  api: {
    useCreate: useCreatePortfolioProject,
    useUpdate: useUpdatePortfolioProject,
    useDelete: useDeletePortfolioProject,
    invalidates: ['/portfolio'],
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
