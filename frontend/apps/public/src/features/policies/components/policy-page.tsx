import { t } from '@atelier/messages/intl';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { longDate } from '@atelier/ui/relative-time';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { Fragment, type ReactElement } from 'react';
import { PageHero } from '@/components/page-hero';
import { useRecordLanguage } from '@/lib/record-language';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { usePolicy } from '../hooks/use-policy';
import { defaultPolicy, type PolicyKey } from '../policy-defaults';

/**
 * A policy page: the server's text for `policy`, else the built-in default. The server writes the
 * page (title band, last update line and text) into the page it sends and embeds the API's answer
 * (`site/content.rs`, `policy`): the page keeps the server's content until it is hydrated, then
 * draws the same from the seeded answer.
 */
export function PolicyPage({ policy }: { policy: PolicyKey }) {
  const { content, loading } = usePolicy(policy);
  const keepsServerContent = useKeepsServerContent();
  const language = useRecordLanguage(content.language);
  if (loading || keepsServerContent) {
    // The built-in title whatever the cache holds: this is the markup the build pre-rendered.
    const standIn = defaultPolicy(policy);
    return (
      <>
        <ServerPreview />
        <div>
          <PageHero title={standIn.title}>{standIn.subtitle}</PageHero>
          <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
            <LoadingPlaceholder
              label={t('policy.loading', { title: standIn.title })}
              className="min-h-96 space-y-4"
            >
              {['w-1/3', 'w-full', 'w-5/6', 'w-full', 'w-2/3', 'w-1/2', 'w-full', 'w-4/5'].map(
                (width, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines
                  <Skeleton key={index} className={`h-4 ${width}`} />
                ),
              )}
            </LoadingPlaceholder>
          </article>
        </div>
      </>
    );
  }
  return (
    <>
      {/* The stored page's title and subtitle say their language as its article does; a built-in
          one is the page's language's (`site/content/mod.rs`, `policy`). */}
      <PageHero
        title={content.title}
        titleLanguage={content.own?.title ? language : undefined}
        subtitleLanguage={content.own?.subtitle ? language : undefined}
      >
        {content.subtitle}
      </PageHero>
      <article {...language} className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <p className="mb-8 text-sm text-gray-500">
          {t('policy.lastUpdated', { date: longDate(content.lastUpdated) })}
        </p>
        <MarkdownHtml html={content.contentHtml} />
      </article>
    </>
  );
}

/**
 * The built-in text of a policy page as the server's content of it takes it from the build
 * (`pages.json` parts, `crates/adapters-http/src/site/content.rs`): its title and subtitle (as
 * text), its last update (an ISO date) and its text (as `MarkdownHtml` draws it).
 */
export const policyParts = (policy: PolicyKey) => (): Record<string, ReactElement> => {
  const fallback = defaultPolicy(policy);
  return {
    title: <Fragment>{fallback.title}</Fragment>,
    subtitle: <Fragment>{fallback.subtitle}</Fragment>,
    lastUpdated: <Fragment>{fallback.lastUpdated}</Fragment>,
    body: <MarkdownHtml html={fallback.contentHtml} />,
  };
};
