import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { longDate } from '@atelier/ui/relative-time';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { PageHero } from '@/components/page-hero';
import { usePolicy } from '../hooks/use-policy';
import type { PolicyKey } from '../policy-defaults';

/** A policy page: the server's text for `policy`, else the built-in default. */
export function PolicyPage({ policy }: { policy: PolicyKey }) {
  const { content, loading } = usePolicy(policy);
  return (
    <>
      <PageHero title={content.title}>{content.subtitle}</PageHero>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        {loading ? (
          <LoadingPlaceholder label={`Loading ${content.title}`} className="min-h-96 space-y-4">
            {['w-1/3', 'w-full', 'w-5/6', 'w-full', 'w-2/3', 'w-1/2', 'w-full', 'w-4/5'].map(
              (width, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines
                <Skeleton key={index} className={`h-4 ${width}`} />
              ),
            )}
          </LoadingPlaceholder>
        ) : (
          <>
            <p className="mb-8 text-sm text-gray-500">
              Last updated: {longDate(content.lastUpdated)}
            </p>
            <MarkdownHtml html={content.contentHtml} />
          </>
        )}
      </article>
    </>
  );
}
