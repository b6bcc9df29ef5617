import {
  type BlogPost,
  type NewBlogPost,
  useGetBlogPostRevision,
  useListBlogPostRevisions,
  useRestoreBlogPostRevision,
} from '@atelier/api-client/api';
import { PostInsightsPanel } from '@/components/post-insights';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import {
  CheckboxField,
  DateTimeField,
  FieldRow,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { MediaPickerField } from '@/kit/fields/media-picker';
import { TagsField } from '@/kit/fields/pickers';
import { SlugField } from '@/kit/fields/slug-field';
import type { FormDefinition } from '@/kit/resource';
import { AuthorDefault } from './author-default';
import { CategoryField, Counter, StatusField, TitleFollowers } from './blog-fields';
import { useHistoryFields } from './blog-history';
import { PostPreview } from './blog-preview';
import { ReviewActions, ReviewNotice } from './blog-review';
import { PostLanguages } from './blog-translations';
import { BLOG_DEFAULTS, blogSchema, inputOfValues, type Values, valuesOfPost } from './blog-values';

export { STATUS_OPTIONS } from './blog-fields';
export type { Values } from './blog-values';

export const META_TITLE_GUIDE = 60;
export const META_DESCRIPTION_GUIDE = 160;
export const BLOG_EDITOR_HEIGHT = 400;

export const PUBLISH_AT_HINT =
  'Empty: live as soon as it is published. A later time keeps a published post off the site until then.';

/** A post's form: fields, history and preview. */
/** Above a post's form: where its review stands, and its own numbers of the last 30 days. */
function PostNotice({ row }: { row: BlogPost }) {
  return (
    <>
      <ReviewNotice row={row} />
      <PostInsightsPanel postId={row._id} />
    </>
  );
}

export const blogForm: FormDefinition<BlogPost, Values, NewBlogPost> = {
  variant: 'modal',
  schema: blogSchema,
  defaults: BLOG_DEFAULTS,
  fromRecord: valuesOfPost,
  toInput: inputOfValues,
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
  notice: PostNotice,
  around: PostLanguages,
  actions: ReviewActions,
};
