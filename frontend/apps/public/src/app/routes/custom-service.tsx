import { t } from '@atelier/messages/intl';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';

/** /custom-service: a placeholder page that sends visitors to the project request form. */
export function CustomServiceRoute() {
  return (
    <>
      <PageHero title={t('customService.title')}>{t('customService.intro')}</PageHero>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold text-gray-900">{t('customService.heading')}</h2>
        <p className="mt-4 text-lg text-gray-700">{t('customService.body')}</p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <Link
            to="/discuss-project"
            className="rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
          >
            {t('customService.discuss')}
          </Link>
          <Link
            to="/services"
            className="rounded-full border-2 border-blue-600 px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50"
          >
            {t('customService.allServices')}
          </Link>
        </div>
      </section>
    </>
  );
}
