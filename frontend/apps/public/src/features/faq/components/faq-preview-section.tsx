import { useListFaqs } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { LoadingPlaceholder } from '@atelier/ui/skeleton';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { SiteLink } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { sortFaqs } from '../faq-order';
import { FaqAccordion, FaqSkeleton } from './faq-accordion';

export const FAQ_PREVIEW_LIMIT = 50;

const FAQS_SHOWN_WIDE = 6;
const FAQS_SHOWN_ON_PHONES = 4;

/** The questions' stand-in until they arrive. */
const FaqPreviewLoading = () => (
  <LoadingPlaceholder label={t('faq.loading')}>
    <FaqSkeleton count={FAQS_SHOWN_WIDE} phoneCount={FAQS_SHOWN_ON_PHONES} />
  </LoadingPlaceholder>
);

/** The home page's FAQ preview: 6 questions (4 below 768 px) and a link to /faq when more exist. */
export function FaqPreviewSection() {
  const section = useHomeSection('faq');
  const mediumOrWider = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const shownCount = mediumOrWider ? FAQS_SHOWN_WIDE : FAQS_SHOWN_ON_PHONES;
  const { data, isPending } = useListFaqs({ status: 'active', limit: FAQ_PREVIEW_LIMIT });
  const faqs = sortFaqs(data?.data ?? []);

  if (!isPending && faqs.length === 0) return null;

  return (
    <section aria-labelledby="faq-preview-heading" className="bg-white py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2
          id="faq-preview-heading"
          className="text-center text-3xl font-bold text-gray-900 md:text-4xl"
        >
          {section.heading}
        </h2>
        {section.subheading && (
          <p className="mt-4 mb-10 text-center text-lg text-gray-600">{section.subheading}</p>
        )}
        {isPending ? <FaqPreviewLoading /> : <FaqAccordion faqs={faqs.slice(0, shownCount)} />}
        {faqs.length > shownCount && (
          <div className="mt-10 text-center">
            {section.links[0] && (
              <SiteLink
                target={section.links[0].target}
                className="inline-block rounded-full border-2 border-blue-600 px-8 py-3 font-semibold text-blue-700 hover:bg-blue-50"
              >
                {section.links[0].label}
              </SiteLink>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
