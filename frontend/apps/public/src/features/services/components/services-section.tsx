import { useListFeaturedServices } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { ErrorBox } from '@atelier/ui/error-box';
import { Spinner } from '@atelier/ui/spinner';
import { SiteLink } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { useLogError } from '../hooks/use-log-error';
import { ServicesList } from './services-list';

/** What the console says when the services cannot be read (the page says it in its language). */
export const SERVICES_LOAD_ERROR = 'Failed to load services';

/** The home page's services (#services): the featured services from GET /services/featured. */
export function ServicesSection() {
  const section = useHomeSection('services');
  const { data, error, isPending } = useListFeaturedServices();
  useLogError(error, SERVICES_LOAD_ERROR);

  return (
    <section id="services" aria-labelledby="services-heading" className="bg-gray-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-12 max-w-3xl text-center">
          <h2 id="services-heading" className="text-3xl font-bold text-gray-900 md:text-4xl">
            {section.heading}
          </h2>
          {section.subheading && <p className="mt-4 text-lg text-gray-600">{section.subheading}</p>}
        </div>

        {isPending ? (
          <Spinner label={t('services.loading')} />
        ) : error ? (
          <ErrorBox className="mx-auto max-w-xl">{t('services.loadError')}</ErrorBox>
        ) : data.length === 0 ? (
          <p className="text-center text-gray-500">{t('services.noneYet')}</p>
        ) : (
          <ServicesList services={data.filter((service) => service.status === 'active')} />
        )}

        <div className="mt-12 flex flex-col justify-center gap-4 sm:flex-row">
          {section.links[0] && (
            <SiteLink
              target={section.links[0].target}
              className="rounded-full bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow hover:bg-blue-700"
            >
              {section.links[0].label}
            </SiteLink>
          )}
          {section.links[1] && (
            <SiteLink
              target={section.links[1].target}
              className="rounded-full border-2 border-blue-600 px-8 py-3 text-center font-semibold text-blue-600 hover:bg-blue-50"
            >
              {section.links[1].label}
            </SiteLink>
          )}
        </div>
      </div>
    </section>
  );
}
