import type { BlogPost } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';

/** Shown when a post has no featured image. */
export const FALLBACK_POST_IMAGE = '/images/demo/blog-1.svg';

/** How wide a post page draws its cover: the text column (720 px), else the screen less its margins. */
export const POST_COVER_SIZES = '(min-width: 48rem) 720px, calc(100vw - 2rem)';

export const postImage = (post: Pick<BlogPost, 'featuredImage'>) =>
  post.featuredImage?.trim() || FALLBACK_POST_IMAGE;

/** The date a post carries: its publish time when it was scheduled, else its creation. */
export const publicationDate = (post: Pick<BlogPost, 'publishAt' | 'createdAt'>) =>
  post.publishAt ?? post.createdAt;

export const authorName = (post: Pick<BlogPost, 'authorName'>) =>
  post.authorName?.trim() || t('post.unknownAuthor');

/** Up to two initials of the author's name ('UA' for an unknown author). */
export const authorInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/** Case-insensitive match of the search text in the title, excerpt or author name. */
export const matchesSearch = (
  post: Pick<BlogPost, 'title' | 'excerpt' | 'authorName'>,
  search: string,
) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [post.title, post.excerpt, post.authorName].some((text) =>
    (text ?? '').toLowerCase().includes(needle),
  );
};

/**
 * The post's markdown without a first-level heading that repeats the title at its start: the page
 * already shows the title as its one h1.
 */
export const withoutTitleHeading = (content: string, title: string) => {
  const match = /^\s*#\s+(.+?)\s*#*\s*(?:\n|$)/.exec(content);
  if (!match || match[1]?.trim().toLowerCase() !== title.trim().toLowerCase()) return content;
  return content.slice(match[0].length).replace(/^\s+/, '');
};
