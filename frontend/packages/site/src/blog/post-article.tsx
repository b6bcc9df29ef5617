import type { BlogPost } from '@atelier/api-client/api';
import { LazyMarkdown } from '@atelier/ui/lazy-markdown';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import { SiteLink } from '../links';
import {
  authorInitials,
  authorName,
  POST_COVER_SIZES,
  postImage,
  publicationDate,
  withoutTitleHeading,
} from './post-view';
import { readingTime } from './reading-time';
import { ShareMenu } from './share-menu';

/** 'Back to All Posts', the button under a post and on its error pages. */
export function BackToPosts() {
  return (
    <SiteLink
      to="/blog"
      className="mt-8 inline-block rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
    >
      Back to All Posts
    </SiteLink>
  );
}

/**
 * A post as the site shows it at /blog/{slug}: the public page draws the published post with it,
 * the back office's preview a draft or unsaved one, so both show the same thing.
 */
export function BlogPostArticle({ post }: { post: BlogPost }) {
  const author = authorName(post);
  const tags = post.tagNames
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

  return (
    <article className="pb-16">
      <header className="bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-12">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <SiteLink to="/blog" className="text-sm font-medium text-blue-700 hover:underline">
            ← Back to All Posts
          </SiteLink>
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
        <div className="mt-12 border-t border-gray-200 pt-8 text-center">
          <BackToPosts />
        </div>
      </div>
    </article>
  );
}
