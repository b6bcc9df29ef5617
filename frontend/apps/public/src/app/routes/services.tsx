import { t } from '@atelier/messages/intl';
import { PageHero } from '@/components/page-hero';
import { ServicesCatalogue } from '@/features/services/components/services-catalogue';

export function ServicesRoute() {
  return (
    <>
      <PageHero title={t('services.title')}>{t('services.intro')}</PageHero>
      <ServicesCatalogue />
    </>
  );
}
