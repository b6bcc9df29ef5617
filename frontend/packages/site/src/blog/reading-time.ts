/** Reading speed used for the 'N min read' estimate (public-site.md §9). */
export const WORDS_PER_MINUTE = 200;

/** 'N min read' at 200 words per minute, rounded up; '0 min read' when content is not a string. */
export const readingTime = (content: unknown): string => {
  if (typeof content !== 'string') return '0 min read';
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return `${Math.ceil(words / WORDS_PER_MINUTE)} min read`;
};
