import { type BlogPost, useGetPublishedBlogPostBySlug } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { t } from '@atelier/messages/intl';
import { BackToPosts, BlogPostArticle } from '@atelier/site/post-article';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { useHref, useParams } from 'react-router';
import { apiLanguageOf, usePageLanguage } from '@/lib/page-language';
import { useRecordLanguage } from '@/lib/record-language';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';

/**
 * /blog/{slug}: one published post. The server sends the page with the post written in (its
 * preview) and its answer embedded: the page keeps the server's article until it is hydrated, then
 * draws the same from the seeded answer. Its view is counted by the page-view beacon
 * (`lib/beacon.ts`), like every page's.
 */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, error, isPending } = useGetPublishedBlogPostBySlug(slug);
  const keepsServerContent = useKeepsServerContent();

  if (isPending || keepsServerContent) {
    return (
      <>
        <ServerPreview />
        <div className="mx-auto max-w-3xl px-4 pt-32 pb-16 sm:px-6">
          <LoadingPlaceholder label={t('blog.loadingPost')} className="space-y-4">
            <Skeleton className="h-10 w-4/5" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </LoadingPlaceholder>
        </div>
      </>
    );
  }

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="mx-auto max-w-2xl px-4 pt-36 pb-24 text-center">
        <h1 className="text-3xl font-bold text-gray-900">{t('blog.notFound')}</h1>
        <p className="mt-4 text-gray-600">{t('blog.notFoundBody')}</p>
        <BackToPosts />
      </section>
    );
  }

  if (error || !post) {
    return (
      <section className="mx-auto max-w-2xl px-4 pt-36 pb-24 text-center">
        <h1 className="text-3xl font-bold text-gray-900">{t('blog.loadPostError')}</h1>
        <p role="alert" className="mt-4 text-red-700">
          {error?.message ?? t('blog.postUnavailable')}
        </p>
        <BackToPosts />
      </section>
    );
  }

  return <Article post={post} />;
}

/**
 * The post's page, shared at its address in the page's language (`/de/blog/…` under `/de`); a post
 * read in the default language on another language's page keeps the server's notice saying so.
 */
function Article({ post }: { post: BlogPost }) {
  const path = useHref(`/blog/${post.slug}`);
  const pageLanguage = apiLanguageOf(usePageLanguage());
  const { dir } = useRecordLanguage(post.language);
  return <BlogPostArticle post={post} path={path} pageLanguage={pageLanguage} dir={dir} />;
}
