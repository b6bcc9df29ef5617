import type { BlogPost } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import type { ReactNode } from 'react';
import { SiteLink } from '../links';
import {
  authorInitials,
  authorName,
  POST_COVER_SIZES,
  postImage,
  publicationDate,
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
      {t('post.backToPosts')}
    </SiteLink>
  );
}

/** The cover's look: under the header, as wide as the text (its box is 16:9 whatever the picture). */
export const POST_COVER_CLASS =
  '-mt-4 aspect-video w-full rounded-2xl bg-gray-100 object-cover shadow-lg';

export interface PostHeaderProps {
  /** The category's name; nothing is shown for an empty one. */
  category: string;
  title: string;
  /** The row under the title: author, date, reading time, views and sharing. */
  byline: ReactNode;
}

/**
 * The top of a post's page: the way back, the category, the title and the byline. The article
 * draws it, and so does the preview the server fills in (`post-preview.tsx`), so both put the
 * title and the cover in the same place.
 */
export function PostHeader({ category, title, byline }: PostHeaderProps) {
  return (
    <header className="bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-12">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SiteLink to="/blog" className="text-sm font-medium text-blue-700 hover:underline">
          {`← ${t('post.backToPosts')}`}
        </SiteLink>
        <p className="mt-6 text-sm font-semibold tracking-wide text-blue-700 uppercase empty:hidden">
          {category}
        </p>
        <h1 className="mt-2 text-4xl font-bold text-gray-900 md:text-5xl">{title}</h1>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4">{byline}</div>
      </div>
    </header>
  );
}

export interface PostBylineProps {
  author: string;
  initials: string;
  /** The publication time (ISO) and as the page writes it. */
  dateTime: string;
  date: string;
  readingTime: string;
  views: number | string;
  title: string;
  url: string;
}

/**
 * The row under a post's title: the author, the date, the reading time, the views and sharing. The
 * article draws it, and so does the preview the server fills in, with its placeholders.
 */
export function PostByline({
  author,
  initials,
  dateTime,
  date,
  readingTime: minutes,
  views,
  title,
  url,
}: PostBylineProps) {
  return (
    <>
      <div className="flex items-center gap-3 text-sm text-gray-600">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
        >
          {initials}
        </span>
        <span>
          <span className="block font-medium text-gray-900">{author}</span>
          <time dateTime={dateTime}>{date}</time> · {minutes} ·{' '}
          {typeof views === 'number'
            ? t('post.views', { count: views })
            : t('post.viewsText', { views })}
        </span>
      </div>
      <ShareMenu title={title} url={url} />
    </>
  );
}

/** The way back under a post's text. */
export function PostFooter() {
  return (
    <div className="mt-12 border-t border-gray-200 pt-8 text-center">
      <BackToPosts />
    </div>
  );
}

/**
 * A post as the site shows it at /blog/{slug}: the public page draws the published post with it,
 * the back office's preview a draft or unsaved one, so both show the same thing.
 */
/**
 * The language of the page a post is shown on, when the post is not in it: the post's text is in
 * its original language (`BlogPost.language`, the default's) on another language's page.
 */
export const fallbackLanguageOf = (post: BlogPost, pageLanguage?: string): string | undefined =>
  pageLanguage && post.language && post.language !== pageLanguage ? pageLanguage : undefined;

/**
 * A post's page. `path` is the post's address on the site, shared by the share menu: its default
 * language's (`/blog/{slug}`) unless the page says another (`/de/blog/{slug}`). `pageLanguage` is
 * the tag of the page's language when it is not the default's (the language the post was asked
 * in): a post read in another language (no live translation) says so at the start of its text in
 * the page's language, and its article carries the language it is in, as the server writes it
 * (`localized::fallback_notice`, `article_in`), so the server's notice stays once hydrated.
 */
export function BlogPostArticle({
  post,
  path,
  pageLanguage,
  dir,
}: {
  post: BlogPost;
  path?: string;
  pageLanguage?: string;
  /** The post's direction when it is not the page's (an English post on an Arabic page). */
  dir?: 'ltr' | 'rtl';
}) {
  const fallback = fallbackLanguageOf(post, pageLanguage);
  const author = authorName(post);
  const tags = post.tagNames
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

  return (
    <article
      lang={fallback ? (post.language ?? undefined) : undefined}
      dir={fallback ? dir : undefined}
      className="pb-16"
    >
      <PostHeader
        category={post.categoryName}
        title={post.title}
        byline={
          <PostByline
            author={author}
            initials={authorInitials(author)}
            dateTime={publicationDate(post)}
            date={longDate(publicationDate(post))}
            readingTime={readingTime(post.content)}
            views={post.views}
            title={post.title}
            url={`${window.location.origin}${path ?? `/blog/${post.slug}`}`}
          />
        }
      />
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <ResponsiveImage
          src={postImage(post)}
          alt=""
          images={post.images}
          sizes={POST_COVER_SIZES}
          width={1280}
          height={720}
          priority
          className={POST_COVER_CLASS}
        />
        {fallback && (
          <p
            role="note"
            lang={fallback}
            className="mt-10 rounded-xl bg-blue-50 p-3 text-sm text-blue-800"
            data-fallback-notice=""
          >
            {t('post.fallbackNotice')}
          </p>
        )}
        <MarkdownHtml html={post.contentHtml} className="mt-10" />
        {tags.length > 0 && (
          <ul aria-label={t('post.tags')} className="mt-10 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <PostFooter />
      </div>
    </article>
  );
}
