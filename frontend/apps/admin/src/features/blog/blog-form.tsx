import {
  type BlogPost,
  type NewBlogPost,
  useGetBlogPostRevision,
  useListBlogCategories,
  useListBlogPostRevisions,
  useListTags,
  useRestoreBlogPostRevision,
} from '@atelier/api-client/api';
import { BlogPostArticle } from '@atelier/site/post-article';
import { withoutTitleHeading } from '@atelier/site/post-view';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import {
  CheckboxField,
  DateTimeField,
  FieldRow,
  SelectField,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { MediaPickerField } from '@/kit/fields/media-picker';
import { TagsField } from '@/kit/fields/pickers';
import { SlugField } from '@/kit/fields/slug-field';
import type { HistoryField } from '@/kit/history/diff-view';
import { useServerMarkdown } from '@/kit/preview/server-markdown';
import type { FormDefinition } from '@/kit/resource';
import { isWebUrl, optional, shortDateTime, slugify } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';
import { AuthorDefault } from './author-default';
import { CategoryField, Counter, TitleFollowers } from './blog-fields';
import { ReviewActions, ReviewNotice } from './blog-review';

export const META_TITLE_GUIDE = 60;
export const META_DESCRIPTION_GUIDE = 160;
export const BLOG_EDITOR_HEIGHT = 400;

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  // The server's image rule: an absolute http(s) URL or a path on this site (`/images/...`).
  featuredImage: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || isWebUrl(value) || /^\/[^/\s\\]\S*$/.test(value),
      'Please enter a valid URL',
    ),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  status: z.enum(['draft', 'in_review', 'published']),
  featured: z.boolean(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  publishAt: z.string(),
});
export type Values = z.infer<typeof schema>;

export const PUBLISH_AT_HINT =
  'Empty: live as soon as it is published. A later time keeps a published post off the site until then.';

export const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'in_review', label: 'In review' },
  { value: 'published', label: 'Published' },
];

/**
 * The post's status: a Contributor writes drafts only, so Published is not offered (the server
 * refuses it). In review is offered only to keep a post there: a post enters review by being
 * submitted (the form's "Submit for review").
 */
function StatusField() {
  const mayPublish = useSession().user?.role !== 'contributor';
  const inReview = useFormContext<Values>().formState.defaultValues?.status === 'in_review';
  const options = STATUS_OPTIONS.filter(
    (option) =>
      (option.value !== 'published' || mayPublish) && (option.value !== 'in_review' || inReview),
  );
  return <SelectField name="status" label="Status" options={options} />;
}

/** The fields the history compares, in the form's order, with names for the category and tags. */
const useHistoryFields = (): readonly HistoryField<Values>[] => {
  const categories = useListBlogCategories({ type: 'blog' });
  const tags = useListTags({ type: 'blog' });
  const category = new Map(
    (categories.data ?? []).map((item) => [item._id, item.displayName || item.name]),
  );
  const tag = new Map((tags.data ?? []).map((item) => [item._id, item.name]));
  return [
    { label: 'Title', text: (values) => values.title },
    { label: 'Slug', text: (values) => values.slug },
    { label: 'Author', text: (values) => values.authorName },
    { label: 'Excerpt', text: (values) => values.excerpt },
    { label: 'Content', text: (values) => values.content, kind: 'markdown' },
    { label: 'Featured Image URL', text: (values) => values.featuredImage },
    { label: 'Category', text: (values) => category.get(values.category) ?? values.category },
    { label: 'Status', text: (values) => values.status },
    { label: 'Publish at', text: (values) => shortDateTime(values.publishAt) },
    { label: 'Tags', text: (values) => values.tags.map((id) => tag.get(id) ?? id).join(', ') },
    { label: 'Featured post', text: (values) => (values.featured ? 'Yes' : 'No') },
    { label: 'Meta Title', text: (values) => values.metaTitle },
    { label: 'Meta Description', text: (values) => values.metaDescription },
  ];
};

/** The post as /blog/{slug} would show it, drawn by the site's own article from the form's values. */
function PostPreview({ values, row }: { values: Values; row: BlogPost | undefined }) {
  const categories = useListBlogCategories({ type: 'blog' });
  const tags = useListTags({ type: 'blog' });
  const category = categories.data?.find((item) => item._id === values.category);
  // The body as the page shows it, drawn by the server's renderer (unsaved text included).
  const { html: contentHtml } = useServerMarkdown(
    withoutTitleHeading(values.content, values.title),
  );
  const now = new Date().toISOString();
  const post: BlogPost = {
    _id: row?._id ?? '',
    version: row?.version ?? 1,
    createdBy: row?.createdBy ?? null,
    updatedBy: row?.updatedBy ?? null,
    views: row?.views ?? 0,
    images: row?.images ?? [],
    createdAt: row?.createdAt ?? now,
    updatedAt: now,
    ...values,
    title: values.title.trim(),
    slug: values.slug || slugify(values.title),
    featuredImage: values.featuredImage.trim(),
    category: values.category || null,
    categoryName: category ? category.displayName || category.name : '',
    tagNames: values.tags
      .map((id) => tags.data?.find((tag) => tag._id === id)?.name ?? '')
      .filter(Boolean)
      .join(', '),
    publishAt: values.publishAt || null,
    submittedAt: row?.submittedAt ?? null,
    reviewNote: row?.reviewNote ?? null,
    contentHtml,
  };
  return <BlogPostArticle post={post} />;
}

/** A post's form: fields, history and preview. */
export const blogForm: FormDefinition<BlogPost, Values, NewBlogPost> = {
  variant: 'modal',
  schema,
  defaults: {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    featuredImage: '',
    category: '',
    tags: [],
    authorName: '',
    status: 'draft',
    featured: false,
    metaTitle: '',
    metaDescription: '',
    publishAt: '',
  },
  fromRecord: (row) => ({
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featuredImage,
    category: row.category ?? '',
    tags: [...row.tags],
    authorName: row.authorName,
    status: row.status,
    featured: row.featured,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    publishAt: row.publishAt ?? '',
  }),
  // The content goes as stored: the editor hands over the admin's markdown unchanged.
  toInput: (values) => ({
    title: values.title.trim(),
    slug: optional(values.slug),
    excerpt: values.excerpt,
    content: values.content,
    featuredImage: values.featuredImage.trim(),
    category: values.category || null,
    tags: values.tags,
    authorName: values.authorName.trim(),
    status: values.status,
    featured: values.featured,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    publishAt: values.publishAt || null,
  }),
  fields: (mode) => (
    <>
      <DraftAutosave scope="blog" />
      <TitleFollowers mode={mode} />
      <AuthorDefault />
      <TextField name="title" label="Title" required />
      <FieldRow>
        <SlugField base="/blog/" />
        <TextField name="authorName" label="Author" />
      </FieldRow>
      <TextAreaField name="excerpt" label="Excerpt" rows={2} />
      <MarkdownField
        name="content"
        label="Content"
        height={BLOG_EDITOR_HEIGHT}
        placeholder="Write your post…"
      />
      <MediaPickerField
        name="featuredImage"
        label="Featured Image URL"
        placeholder="https://… or /images/…"
      />
      <FieldRow>
        <CategoryField />
        <StatusField />
      </FieldRow>
      <DateTimeField name="publishAt" label="Publish at" hint={PUBLISH_AT_HINT} />
      <TagsField name="tags" label="Tags" type="blog" />
      <CheckboxField name="featured" label="Featured post" />
      <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-gray-700">Search engines</legend>
        <TextField
          name="metaTitle"
          label="Meta Title"
          hint={<Counter name="metaTitle" guide={META_TITLE_GUIDE} />}
        />
        <TextAreaField
          name="metaDescription"
          label="Meta Description"
          rows={2}
          hint={<Counter name="metaDescription" guide={META_DESCRIPTION_GUIDE} />}
        />
      </fieldset>
    </>
  ),
  titles: { create: 'New Blog Post', edit: 'Edit Blog Post' },
  presence: 'post',
  history: {
    noun: 'post',
    label: (row) => row.title,
    useRevisions: (id) => useListBlogPostRevisions(id),
    useRevision: (id, revisionId) => useGetBlogPostRevision(id, revisionId),
    useRestore: () => {
      const restore = useRestoreBlogPostRevision();
      return {
        isPending: restore.isPending,
        mutateAsync: ({ key, revisionId }) => restore.mutateAsync({ id: key, revisionId }),
      };
    },
    useFields: useHistoryFields,
    invalidates: ['/blog'],
  },
  preview: PostPreview,
  notice: ReviewNotice,
  actions: ReviewActions,
};
