import { useListFaqs } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { LoadingPlaceholder } from '@atelier/ui/skeleton';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { faqTopics, filterFaqs, sortFaqs } from '../faq-order';
import { FaqAccordion, FaqSkeleton } from './faq-accordion';

export const FAQ_PAGE_LIMIT = 100;

/**
 * /faq: every active FAQ with a search, a topic filter (by tag) and the accordion. The server writes
 * the search, the topics and the accordion with every answer into the page it sends and embeds the
 * list's answer (`site/content/faq.rs`): the page keeps the server's content until it is hydrated,
 * then draws the same from the seeded answer.
 */
export function FaqPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState<string | null>(null);
  const { data, isPending } = useListFaqs({ status: 'active', limit: FAQ_PAGE_LIMIT });
  const faqs = sortFaqs(data?.data ?? []);
  const topics = faqTopics(faqs);
  const shown = filterFaqs(faqs, search, topic);
  const filtering = search.trim() !== '' || topic !== null;
  const keepsServerContent = useKeepsServerContent();

  const topicClass = (on: boolean) =>
    `rounded-full px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 ${
      on ? 'bg-blue-600 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50'
    }`;

  return (
    <>
      <PageHero title={t('faq.title')}>{t('faq.intro')}</PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {isPending || keepsServerContent ? (
          <>
            <ServerPreview />
            <LoadingPlaceholder label={t('faq.loading')}>
              <div className="mb-8 h-12 animate-pulse rounded-full bg-gray-200" />
              <FaqSkeleton count={8} />
            </LoadingPlaceholder>
          </>
        ) : faqs.length === 0 ? (
          <div className="py-12 text-center">
            <h2 className="text-2xl font-semibold text-gray-900">{t('faq.noneTitle')}</h2>
            <p className="mt-3 text-gray-600">{t('faq.noneBody')}</p>
            <p className="mt-1 text-gray-600">{t('faq.noneLater')}</p>
          </div>
        ) : (
          <>
            <label htmlFor={searchId} className="sr-only">
              {t('faq.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('faq.searchPlaceholder')}
              className="w-full rounded-full border border-gray-300 px-5 py-3 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
            {topics.length > 0 && (
              <fieldset className="mt-6">
                <legend className="sr-only">{t('faq.topicLegend')}</legend>
                <div className="flex flex-wrap justify-center gap-2">
                  <button
                    type="button"
                    aria-pressed={topic === null}
                    onClick={() => setTopic(null)}
                    className={topicClass(topic === null)}
                  >
                    {t('faq.allTopics')}
                  </button>
                  {topics.map((name) => (
                    <button
                      key={name}
                      type="button"
                      aria-pressed={topic === name}
                      onClick={() => setTopic(topic === name ? null : name)}
                      className={topicClass(topic === name)}
                    >
                      {name}
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
            <div className="mt-8" aria-live="polite">
              {shown.length === 0 ? (
                <div className="py-12 text-center">
                  <h2 className="text-2xl font-semibold text-gray-900">{t('faq.noneFound')}</h2>
                  <p className="mt-3 text-gray-600">
                    {filtering ? t('faq.noMatch') : t('faq.noQuestions')}
                  </p>
                  {filtering && (
                    <button
                      type="button"
                      onClick={() => {
                        setSearch('');
                        setTopic(null);
                      }}
                      className="mt-6 rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
                    >
                      {t('faq.clearFilters')}
                    </button>
                  )}
                </div>
              ) : (
                <>
                  <h2 className="sr-only">{t('faq.questionsHeading')}</h2>
                  <FaqAccordion faqs={shown} />
                </>
              )}
            </div>
          </>
        )}
        <div className="mt-12 rounded-2xl bg-blue-50 p-8 text-center">
          <h2 className="text-xl font-semibold text-gray-900">{t('faq.stillQuestions')}</h2>
          <p className="mt-2 text-gray-600">{t('faq.happyToHelp')}</p>
          <Link
            to="/contact"
            className="mt-4 inline-block font-semibold text-blue-700 hover:underline"
          >
            {t('faq.contactUs')}
          </Link>
        </div>
      </div>
    </>
  );
}
