import { useListBlogPosts } from '@atelier/api-client/api';
import { relativeTime } from '@atelier/ui/relative-time';
import { Skeleton } from '@atelier/ui/skeleton';
import { Link } from 'react-router';

/** The most posts the list shows; the heading counts them all. */
const SHOWN = 10;

/**
 * The posts waiting for an Editor's decision (status `in_review`), longest waiting first: title,
 * writer and when submitted, each linking to the post's form where it is published or sent back.
 * Only for the roles that decide (`enabled`).
 */
export function WaitingForReview() {
  const query = useListBlogPosts({ status: 'in_review', limit: SHOWN });
  const posts = (query.data?.blogs ?? [])
    .filter((post) => post.status === 'in_review')
    .sort((a, b) => (a.submittedAt ?? a.updatedAt).localeCompare(b.submittedAt ?? b.updatedAt));
  const total = query.data?.totalItems ?? 0;
  return (
    <section
      aria-labelledby="waiting-for-review-title"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="waiting-for-review-title" className="text-lg font-semibold text-gray-900">
          Waiting for review
        </h2>
        {total > 0 && (
          <Link to="/blog?status=in_review" className="text-sm text-blue-700 hover:underline">
            {total === 1 ? '1 post' : `${total} posts`}
          </Link>
        )}
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Loading posts waiting for review" className="mt-4 space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-red-700">
          The posts waiting for review could not be loaded.
        </p>
      ) : posts.length === 0 ? (
        <p className="mt-3 text-sm text-gray-500">
          Nothing is waiting for review. Posts that writers submit appear here.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100">
          {posts.map((post) => (
            <li
              key={post._id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <Link
                  to={`/blog/edit/${post._id}`}
                  className="block truncate font-medium text-gray-900 hover:text-blue-700"
                >
                  {post.title}
                </Link>
                <p className="text-xs text-gray-500">
                  by {post.createdBy?.name ?? (post.authorName || 'Unknown')}
                </p>
              </div>
              {post.submittedAt && (
                <p className="shrink-0 text-xs text-gray-500">
                  Submitted{' '}
                  <time dateTime={post.submittedAt}>{relativeTime(post.submittedAt)}</time>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
