import { t } from '@atelier/messages/intl';

/** Reading speed used for the 'N min read' estimate (public-site.md §9). */
export const WORDS_PER_MINUTE = 200;

/**
 * 'N min read' at 200 words per minute, rounded up, in the catalogue's language; '0 min read' when
 * content is not a string.
 */
export const readingTime = (content: unknown): string => {
  if (typeof content !== 'string') return t('post.readingTime', { minutes: 0 });
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return t('post.readingTime', { minutes: Math.ceil(words / WORDS_PER_MINUTE) });
};
