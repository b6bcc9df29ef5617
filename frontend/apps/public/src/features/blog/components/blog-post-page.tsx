import { useGetPublishedBlogPostBySlug, useRecordBlogPostView } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { LazyMarkdown } from '@atelier/ui/lazy-markdown';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import {
  authorInitials,
  authorName,
  POST_COVER_SIZES,
  postImage,
  publicationDate,
  withoutTitleHeading,
} from '../blog-post-view';
import { readingTime } from '../reading-time';
import { ShareMenu } from './share-menu';

const backLink = (
  <Link
    to="/blog"
    className="mt-8 inline-block rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
  >
    Back to All Posts
  </Link>
);

/** Counts one view per visit of the post's page (POST .../view). */
const useCountViewOnce = (slug: string, ready: boolean) => {
  const { mutate } = useRecordBlogPostView();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || counted.current === slug) return;
    counted.current = slug;
    mutate({ slug });
  }, [slug, ready, mutate]);
};

/** /blog/{slug}: one published post. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, error, isPending } = useGetPublishedBlogPostBySlug(slug);
  useCountViewOnce(slug, Boolean(post));

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 pt-32 pb-16 sm:px-6">
        <LoadingPlaceholder label="Loading post" className="space-y-4">
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="aspect-video w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </LoadingPlaceholder>
      </div>
    );
  }

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="mx-auto max-w-2xl px-4 pt-36 pb-24 text-center">
        <h1 className="text-3xl font-bold text-gray-900">Post Not Found</h1>
        <p className="mt-4 text-gray-600">
          The blog post you're looking for doesn't exist or has been removed.
        </p>
        {backLink}
      </section>
    );
  }

  if (error || !post) {
    return (
      <section className="mx-auto max-w-2xl px-4 pt-36 pb-24 text-center">
        <h1 className="text-3xl font-bold text-gray-900">Error Loading Post</h1>
        <p role="alert" className="mt-4 text-red-700">
          {error?.message ?? 'The post could not be loaded.'}
        </p>
        {backLink}
      </section>
    );
  }

  const author = authorName(post);
  const tags = post.tagNames
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

  return (
    <article className="pb-16">
      <header className="bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-12">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <Link to="/blog" className="text-sm font-medium text-blue-700 hover:underline">
            ← Back to All Posts
          </Link>
          {post.categoryName && (
            <p className="mt-6 text-sm font-semibold tracking-wide text-blue-700 uppercase">
              {post.categoryName}
            </p>
          )}
          <h1 className="mt-2 text-4xl font-bold text-gray-900 md:text-5xl">{post.title}</h1>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3 text-sm text-gray-600">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
              >
                {authorInitials(author)}
              </span>
              <span>
                <span className="block font-medium text-gray-900">{author}</span>
                <time dateTime={publicationDate(post)}>{longDate(publicationDate(post))}</time> ·{' '}
                {readingTime(post.content)} · {post.views} views
              </span>
            </div>
            <ShareMenu title={post.title} url={`${window.location.origin}/blog/${post.slug}`} />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <ResponsiveImage
          src={postImage(post)}
          alt=""
          images={post.images}
          sizes={POST_COVER_SIZES}
          width={1280}
          height={720}
          priority
          className="-mt-4 aspect-video w-full rounded-2xl bg-gray-100 object-cover shadow-lg"
        />
        <LazyMarkdown
          source={withoutTitleHeading(post.content, post.title)}
          images={post.images}
          className="mt-10"
        />
        {tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-12 border-t border-gray-200 pt-8 text-center">{backLink}</div>
      </div>
    </article>
  );
}
