import {
  type NewPortfolioProject,
  type PortfolioProject,
  useGetPortfolioProjectRevision,
  useListPortfolioProjectRevisions,
  useListTags,
  useListTechnologies,
  useRestorePortfolioProjectRevision,
} from '@atelier/api-client/api';
import { ProjectArticle } from '@atelier/site/project-article';
import { z } from 'zod';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import {
  CheckboxField,
  DateTimeField,
  FieldRow,
  SelectField,
  TextField,
} from '@/kit/fields/fields';
import { MediaPickerField } from '@/kit/fields/media-picker';
import { TagsField, TechnologiesField } from '@/kit/fields/pickers';
import { SlugField } from '@/kit/fields/slug-field';
import type { HistoryField } from '@/kit/history/diff-view';
import { useServerMarkdown } from '@/kit/preview/server-markdown';
import type { FormDefinition } from '@/kit/resource';
import { isWebUrl, shortDateTime } from '@/kit/values';
import { STATUSES } from './portfolio-filters';
import { PortfolioProjectLanguages } from './portfolio-translations';

const HEX_ID = /^[0-9a-f]{24}$/;

const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isWebUrl(value), 'Please enter a valid URL');
const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  slug: z.string().trim(),
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
export type Values = z.infer<typeof schema>;

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
    { label: 'Slug', text: (values) => values.slug },
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
  // The description as the page shows it, drawn by the server's renderer (unsaved text included).
  const { html: contentHtml } = useServerMarkdown(values.description);
  const now = new Date().toISOString();
  const project: PortfolioProject = {
    _id: row?._id ?? '',
    version: row?.version ?? 1,
    createdBy: row?.createdBy ?? null,
    updatedBy: row?.updatedBy ?? null,
    images: row?.images ?? [],
    createdAt: row?.createdAt ?? now,
    updatedAt: now,
    ...values,
    slug: values.slug || row?.slug || '',
    completedAt: values.completedAt ? `${values.completedAt}T00:00:00Z` : now,
    publishAt: values.publishAt || null,
    contentHtml,
  };
  return <ProjectArticle project={project} />;
}

/** The project's form: fields, history and preview. */
export const portfolioForm: FormDefinition<PortfolioProject, Values, NewPortfolioProject> = {
  variant: 'inline',
  schema,
  defaults: {
    title: '',
    slug: '',
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
    slug: row.slug,
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
  // An empty slug is left out: the server makes one from the title (or keeps the current one).
  toInput: ({ slug, ...values }) => ({
    ...values,
    ...(slug ? { slug } : {}),
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
      <SlugField base="/project/" />
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
      <TagsField name="tags" label="Tags" createType="portfolio" />
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
  around: PortfolioProjectLanguages,
  presence: 'project',
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
};
