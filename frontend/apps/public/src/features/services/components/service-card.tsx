import type { Service } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { ServiceIcon } from '@atelier/ui/service-icon';
import { faArrowRight } from '@fortawesome/free-solid-svg-icons/faArrowRight';
import { faCheck } from '@fortawesome/free-solid-svg-icons/faCheck';
import { Link } from 'react-router';
import { useRecordLanguage } from '@/lib/record-language';
import { cardDescriptionHtml, cardFeatures, serviceFeatures } from '../service-text';

export interface ServiceCardProps {
  service: Service;
  /** A price line, when prices are shown. */
  price?: string | undefined;
  /** Every feature (the services page); else the first three and how many more there are. */
  allFeatures?: boolean;
}

/** A card's icon (the server's cards draw the same, see `service-card-parts.tsx`). */
export const ServiceCardIcon = ({ name }: { name: string | null | undefined }) => (
  <ServiceIcon name={name} className="mb-5" />
);

/** The tick before each feature. */
export const FeatureTick = () => (
  <Icon icon={faCheck} className="mt-1 text-green-500" aria-hidden="true" />
);

/** The arrow after "Get started". */
export const GetStartedArrow = () => <Icon icon={faArrowRight} aria-hidden="true" />;

/**
 * One service: icon, title, description and up to 3 features (saying how many more there are), or
 * all of them; the card links to /discuss-project.
 */
export function ServiceCard({ service, price, allFeatures = false }: ServiceCardProps) {
  const features = cardFeatures(service, allFeatures);
  const more = serviceFeatures(service).length - features.length;
  const language = useRecordLanguage(service.language);
  return (
    <article
      {...language}
      data-testid="service-card"
      className="group relative flex h-full flex-col rounded-2xl border border-gray-100 bg-white p-6 shadow-sm transition-shadow hover:shadow-xl"
    >
      <ServiceCardIcon name={service.icon} />
      <h3 className="mb-3 text-xl font-semibold text-gray-900">
        <MarkdownHtml inline html={service.titleHtml} />
      </h3>
      <MarkdownHtml html={cardDescriptionHtml(service)} className="mb-4 text-gray-600" />
      {features.length > 0 && (
        <ul className="mb-4 space-y-2 text-sm text-gray-700">
          {features.map((feature) => (
            <li key={feature.text} className="flex items-start gap-2">
              <FeatureTick />
              <MarkdownHtml inline html={feature.html} />
            </li>
          ))}
          {more > 0 && (
            <li className="pl-6 text-gray-500">{t('services.more', { count: more })}</li>
          )}
        </ul>
      )}
      {price && <p className="mb-4 text-sm font-semibold text-blue-700">{price}</p>}
      <span className="mt-auto inline-flex items-center gap-2 text-sm font-semibold text-blue-600 group-hover:gap-3">
        {t('services.getStarted')} <GetStartedArrow />
      </span>
      {/* The whole card is the link. */}
      <Link
        to="/discuss-project"
        aria-label={t('services.discussProject', { service: service.title })}
        className="absolute inset-0 rounded-2xl focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
      />
    </article>
  );
}
