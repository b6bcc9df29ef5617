import { useGetSettings, useListServices } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { ErrorBox } from '@atelier/ui/error-box';
import { Spinner } from '@atelier/ui/spinner';
import { Link } from 'react-router';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { useLogError } from '../hooks/use-log-error';
import { priceLine } from '../price-line';
import { activeInOrder } from '../service-text';
import { ServicesList } from './services-list';
import { SERVICES_LOAD_ERROR } from './services-section';

/**
 * The /services page body: every active service (GET /services?status=active) in a grid,
 * with GET /settings for prices, then a call to action for a custom solution. The server writes
 * the grid into the page it sends and embeds both answers (`site/content.rs`): the page keeps the
 * server's grid until it is hydrated, then draws the same from the seeded answers.
 */
export function ServicesCatalogue() {
  const services = useListServices({ status: 'active' });
  const settings = useGetSettings();
  const keepsServerContent = useKeepsServerContent();
  useLogError(services.error, SERVICES_LOAD_ERROR);

  return (
    <>
      <section aria-labelledby="all-services-heading" className="py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="all-services-heading" className="sr-only">
            {t('services.allHeading')}
          </h2>
          {services.isPending || keepsServerContent ? (
            <>
              <ServerPreview />
              <Spinner label={t('services.loading')} />
            </>
          ) : services.error ? (
            <ErrorBox className="mx-auto max-w-xl">{t('services.loadError')}</ErrorBox>
          ) : services.data.length === 0 ? (
            <p className="text-center text-gray-500">{t('services.noneYet')}</p>
          ) : (
            <ServicesList
              services={activeInOrder(services.data)}
              priceOf={(service) => priceLine(service, settings.data)}
              carouselOnSmallScreens={false}
              allFeatures
            />
          )}
        </div>
      </section>

      <section aria-labelledby="custom-solution-heading" className="bg-blue-600 py-16 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="custom-solution-heading" className="text-3xl font-bold">
            {t('services.customHeading')}
          </h2>
          <p className="mt-4 text-lg text-blue-50">{t('services.customBody')}</p>
          <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
            <Link
              to="/discuss-project"
              className="rounded-full bg-white px-8 py-3 font-semibold text-blue-700 shadow hover:bg-blue-50"
            >
              {t('services.discuss')}
            </Link>
            <Link
              to="/custom-service"
              className="rounded-full border-2 border-white px-8 py-3 font-semibold text-white hover:bg-blue-700"
            >
              {t('services.exploreCustom')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
