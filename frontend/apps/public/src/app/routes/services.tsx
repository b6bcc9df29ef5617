import { PageHero } from '@/components/page-hero';
import { ServicesCatalogue } from '@/features/services/components/services-catalogue';

export function ServicesRoute() {
  return (
    <>
      <PageHero title="Our Services">
        Software, apps and design services tailored to the way your business works.
      </PageHero>
      <ServicesCatalogue />
    </>
  );
}
