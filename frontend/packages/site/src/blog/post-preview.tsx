import { COVER_ATTRIBUTE, field, htmlField } from '../preview';
import { POST_COVER_CLASS, PostByline, PostFooter, PostHeader } from './post-article';
import { FALLBACK_POST_IMAGE } from './post-view';

/**
 * A post's page before its scripts run, as the server fills it in from the post (see
 * `../preview.ts`): {@link BlogPostArticle} whole, its byline's facts, its text and its tags written
 * by the server (the text with the server's markdown renderer), so the page reads without scripts
 * and the article that replaces it looks the same.
 */
export function PostPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_POST_IMAGE };
  return (
    <article className="pb-16">
      <PostHeader
        category={field('categoryName')}
        title={field('title')}
        byline={
          <PostByline
            author={field('authorName')}
            initials={field('authorInitials')}
            dateTime={field('published')}
            date={field('publishedDate')}
            readingTime={field('readingTime')}
            views={field('views')}
            title={field('title')}
            url=""
          />
        }
      />
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <img {...cover} alt="" fetchPriority="high" className={POST_COVER_CLASS} />
        {htmlField('body')}
        <PostFooter />
      </div>
    </article>
  );
}
