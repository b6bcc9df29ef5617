import type { BlogPost } from '@atelier/api-client/api';
import { tRich } from '@atelier/messages/rich';
import {
  authorInitials,
  authorName,
  FALLBACK_POST_IMAGE,
  postImage,
  publicationDate,
} from '@atelier/site/post-view';
import { COVER_ATTRIBUTE, field } from '@atelier/site/preview';
import { readingTime } from '@atelier/site/reading-time';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import type { ReactNode } from 'react';
import { Link, useHref } from 'react-router';
import {
  CARD_BODY_CLASS,
  CARD_CLASS,
  CARD_FRAME_CLASS,
  CARD_IMAGE_SIZES,
} from '@/components/list-preview';
import { useRecordLanguage } from '@/lib/record-language';

/** The part of a link only screen readers read. */
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

const CARD_IMAGE_CLASS = 'aspect-video w-full bg-gray-100 object-cover';
const CARD_TITLE_CLASS = 'mt-4 text-xl font-bold text-gray-900';
const CARD_EXCERPT_CLASS = 'mt-3 line-clamp-3 flex-1 text-gray-600';

/** One post in a list: image, badge, date, reading time, title, excerpt, author, Read More. */
export function BlogCard({ post }: { post: BlogPost }) {
  const author = authorName(post);
  const href = `/blog/${post.slug}`;
  const language = useRecordLanguage(post.language);
  return (
    <article
      {...language}
      data-testid="blog-card"
      className={`${CARD_CLASS} transition-shadow hover:shadow-xl`}
    >
      <ResponsiveImage
        src={postImage(post)}
        alt=""
        images={post.images}
        sizes={CARD_IMAGE_SIZES}
        width={640}
        height={360}
        className={CARD_IMAGE_CLASS}
      />
      <div className={CARD_BODY_CLASS}>
        <div className="flex flex-wrap items-center gap-3 text-xs text-gray-600">
          {post.categoryName && (
            <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-800">
              {post.categoryName}
            </span>
          )}
          <time dateTime={publicationDate(post)}>{longDate(publicationDate(post))}</time>
          <span aria-hidden="true">·</span>
          <span>{readingTime(post.content)}</span>
        </div>
        <h3 className={CARD_TITLE_CLASS}>
          <Link to={href} className="hover:text-blue-700">
            {post.title}
          </Link>
        </h3>
        <p className={CARD_EXCERPT_CLASS}>{post.excerpt}</p>
        <div className="mt-6 flex items-center justify-between">
          <span className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-600 text-sm font-bold text-white"
            >
              {authorInitials(author)}
            </span>
            <span className="text-sm font-medium text-gray-800">{author}</span>
          </span>
          <Link to={href} className="text-sm font-semibold text-blue-700 hover:underline">
            {tRich('blog.readMore', { title: post.title, hidden: srOnly })}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder, so the grid keeps its size while posts load. */
export function BlogCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`${CARD_FRAME_CLASS} ${className}`}>
      <div className="aspect-video w-full animate-pulse bg-gray-200" />
      <div className="space-y-3 p-6">
        <div className="h-4 w-1/2 animate-pulse rounded bg-gray-200" />
        <div className="h-6 w-4/5 animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-full animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200" />
        <div className="h-9 w-1/3 animate-pulse rounded bg-gray-200" />
      </div>
    </div>
  );
}

/**
 * One card of /blog's first page, as the server fills it in from a post (`@atelier/site/preview`,
 * `site/content/lists.rs`): {@link BlogCard} whole, its category, date, reading time and author
 * written by the server (the date in UTC). Until the list's answer draws the page, its links are
 * plain links.
 */
export function BlogCardPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_POST_IMAGE };
  // Under the page's language's prefix (`/de/blog/…`), as the card's links are once the list draws it.
  const href = `${useHref('/blog')}/${field('slug')}`;
  return (
    <article className={`${CARD_CLASS} transition-shadow hover:shadow-xl`}>
      <img {...cover} alt="" className={CARD_IMAGE_CLASS} />
      <div className={CARD_BODY_CLASS}>
        <div className="flex flex-wrap items-center gap-3 text-xs text-gray-600">
          <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-800 empty:hidden">
            {field('categoryName')}
          </span>
          <time dateTime={field('published')}>{field('publishedDate')}</time>
          <span aria-hidden="true">·</span>
          <span>{field('readingTime')}</span>
        </div>
        <h3 className={CARD_TITLE_CLASS}>
          <a href={href} className="hover:text-blue-700">
            {field('title')}
          </a>
        </h3>
        <p className={CARD_EXCERPT_CLASS}>{field('excerpt')}</p>
        <div className="mt-6 flex items-center justify-between">
          <span className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-600 text-sm font-bold text-white"
            >
              {field('authorInitials')}
            </span>
            <span className="text-sm font-medium text-gray-800">{field('authorName')}</span>
          </span>
          <a href={href} className="text-sm font-semibold text-blue-700 hover:underline">
            {tRich('blog.readMore', { title: field('title'), hidden: srOnly })}
          </a>
        </div>
      </div>
    </article>
  );
}
