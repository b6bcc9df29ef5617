import {
  type BlogPost,
  type NewBlogPost,
  useCreateBlogPost,
  useDeleteBlogPost,
  useGetBlogPost,
  useListBlogPosts,
  useUpdateBlogPost,
} from '@atelier/api-client/api';
import { PostViewsFigure } from '@/components/post-insights';
import { changedBy } from '@/kit/form/record-meta';
import { PublicationBadge } from '@/kit/list/status-badge';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { shortDate } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';
import { blogForm, STATUS_OPTIONS, type Values } from './blog-form';
import {
  TRANSLATION_FILTER,
  TranslationFilter,
  translationParams,
} from './blog-translation-filter';
import { blogScreen } from './screen';

/**
 * A Contributor writes drafts only: a post of theirs an Editor published or dated is no longer
 * theirs to change (the server refuses the save), so its row offers no Edit.
 */
function useContributorMayChange() {
  const contributor = useSession().user?.role === 'contributor';
  return (row: { status: string; publishAt?: string | null }) =>
    !contributor || (row.status !== 'published' && !row.publishAt);
}

export const blog = defineResource<BlogPost, Values, NewBlogPost>({
  title: blogScreen.title,
  addLabel: 'New Post',
  description: 'Write, publish and feature the articles of the blog.',
  list: {
    mode: 'server',
    useRows: (state) =>
      fromQuery(
        useListBlogPosts({
          page: state.page,
          limit: state.size,
          search: state.q || undefined,
          status: (state.filters.status as BlogPost['status'] | undefined) || undefined,
          ...translationParams(state.filters[TRANSLATION_FILTER]),
        }),
        (data) => ({ rows: data.blogs, total: data.totalItems, totalCapped: data.totalCapped }),
      ),
    // A post linked from the dashboard may be on another page of the list.
    useRecord: (id) => {
      const query = useGetBlogPost(id, { query: { enabled: id !== '', retry: false } });
      return { record: query.data, isPending: id !== '' && query.isPending };
    },
    search: { placeholder: 'Search posts…' },
    addressKeys: [TRANSLATION_FILTER],
    toolbarExtra: (state, update) => <TranslationFilter state={state} update={update} />,
    filters: [
      {
        key: 'status',
        label: 'Status',
        allLabel: 'All Status',
        kind: 'chips',
        options: STATUS_OPTIONS,
      },
    ],
    pageSizes: [10],
    columns: [
      {
        header: 'Title',
        cell: (row) => (
          <div className="min-w-0">
            <span className="flex items-center gap-2 font-medium text-gray-900">
              {row.title}
              {row.featured && (
                <span className="rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-800">
                  Featured
                </span>
              )}
            </span>
            <code className="text-xs text-gray-500">/blog/{row.slug}</code>
          </div>
        ),
      },
      {
        header: 'Category',
        className: 'hidden md:table-cell',
        cell: (row) => row.categoryName || <span className="text-gray-500 italic">None</span>,
      },
      { header: 'Status', cell: (row) => <PublicationBadge record={row} /> },
      { header: 'Author', className: 'hidden lg:table-cell', cell: (row) => row.authorName },
      {
        header: 'Views (30 days)',
        className: 'hidden md:table-cell text-right',
        cell: (row) => <PostViewsFigure slug={row.slug} />,
      },
      {
        header: 'Updated',
        className: 'hidden sm:table-cell',
        cell: (row) => (
          <>
            {shortDate(row.updatedAt)}
            {row.updatedBy && <span className="block text-xs text-gray-500">{changedBy(row)}</span>}
          </>
        ),
      },
    ],
    empty: (state) =>
      state.q || state.filters.status || state.filters[TRANSLATION_FILTER]
        ? 'No posts match the search or filter.'
        : 'No posts yet. Write your first post!',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.title,
  },
  form: blogForm,
  api: {
    useCreate: useCreateBlogPost,
    useUpdate: useUpdateBlogPost,
    useDelete: useDeleteBlogPost,
    invalidates: ['/blog'],
    operations: { create: 'createBlogPost', update: 'updateBlogPost', delete: 'deleteBlogPost' },
    useMayUpdate: useContributorMayChange,
  },
  messages: {
    created: 'Post created successfully!',
    updated: 'Post updated successfully!',
    deleted: 'Post deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this post?',
    plural: 'posts',
    loadError: (error) => `Error loading posts: ${error}`,
  },
});

export default function BlogScreen() {
  return <ResourceScreen definition={blog} />;
}
