import { useListPublishedBlogPosts } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { ErrorBox } from '@atelier/ui/error-box';
import { LoadingPlaceholder } from '@atelier/ui/skeleton';
import { SwipeCarousel } from '@atelier/ui/swipe-carousel';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { SiteLink } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { BlogCard, BlogCardSkeleton } from './blog-card';

export const HOME_BLOG_LIMIT = 6;

/** The posts' stand-in until they arrive (the server's home page takes it from the build). */
export const BlogPreviewLoading = () => (
  <LoadingPlaceholder
    label={t('blog.loading')}
    className="grid gap-8 md:grid-cols-2 lg:grid-cols-3"
  >
    {/* One card on phones, three from 768 px on: CSS decides, so the pre-rendered page agrees. */}
    {Array.from({ length: 3 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <BlogCardSkeleton key={index} className={index > 0 ? 'hidden md:block' : ''} />
    ))}
  </LoadingPlaceholder>
);

/** The home page's latest posts (#blog). */
export function BlogPreviewSection() {
  const section = useHomeSection('blog');
  const mediumOrWider = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const { data, error, isPending } = useListPublishedBlogPosts({
    page: 1,
    limit: HOME_BLOG_LIMIT,
    status: 'published',
  });
  const posts = data?.blogs.slice(0, HOME_BLOG_LIMIT) ?? [];

  return (
    <section id="blog" aria-labelledby="blog-heading" className="bg-gray-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-12 max-w-3xl text-center">
          <h2 id="blog-heading" className="text-3xl font-bold text-gray-900 md:text-4xl">
            {section.heading}
          </h2>
          {section.subheading && <p className="mt-4 text-lg text-gray-600">{section.subheading}</p>}
        </div>

        {isPending ? (
          <BlogPreviewLoading />
        ) : error ? (
          <ErrorBox className="mx-auto max-w-xl">
            {t('blog.loadError', { message: error.message })}
          </ErrorBox>
        ) : posts.length === 0 ? (
          <p className="text-center text-gray-600">{t('blog.noneYet')}</p>
        ) : mediumOrWider ? (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <BlogCard key={post._id} post={post} />
            ))}
          </div>
        ) : (
          <SwipeCarousel
            label={t('blog.carousel')}
            slides={posts.map((post) => <BlogCard key={post._id} post={post} />)}
          />
        )}

        <div className="mt-12 text-center">
          {section.links[0] && (
            <SiteLink
              target={section.links[0].target}
              className="inline-block rounded-full border-2 border-blue-600 px-8 py-3 font-semibold text-blue-700 hover:bg-blue-50"
            >
              {section.links[0].label}
            </SiteLink>
          )}
        </div>
      </div>
    </section>
  );
}
