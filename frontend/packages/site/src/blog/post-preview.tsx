import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { COVER_ATTRIBUTE, field } from '../preview';
import { POST_COVER_CLASS, PostHeader } from './post-article';
import { FALLBACK_POST_IMAGE } from './post-view';

/**
 * A post's page before its scripts run, as the server fills it in from the post (see
 * `../preview.ts`): the header and cover of {@link BlogPostArticle} in the same places, with
 * stand-ins for what the script computes (the byline) and the text still to come.
 */
export function PostPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_POST_IMAGE };
  return (
    <article className="pb-16">
      <PostHeader
        category={field('categoryName')}
        title={field('title')}
        byline={
          <div aria-hidden="true" className="flex items-center gap-3">
            <Skeleton className="h-10 w-10 rounded-full" />
            <div className="space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-56" />
            </div>
          </div>
        }
      />
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <img {...cover} alt="" fetchPriority="high" className={POST_COVER_CLASS} />
        <LoadingPlaceholder label="Loading post" className="mt-10 space-y-4">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </LoadingPlaceholder>
      </div>
    </article>
  );
}
