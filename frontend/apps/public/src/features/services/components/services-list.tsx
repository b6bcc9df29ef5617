import type { Service } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { SwipeCarousel } from '@atelier/ui/swipe-carousel';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { ServiceCard } from './service-card';

export const SERVICES_AUTO_ADVANCE_MS = 5000;

export interface ServicesListProps {
  services: readonly Service[];
  priceOf?: (service: Service) => string | undefined;
  /** On small screens, show a swipe carousel instead of the grid. */
  carouselOnSmallScreens?: boolean;
  /** Every card shows all its features (the services page). */
  allFeatures?: boolean;
}

/** Service cards in a grid, or a swipe carousel with dots on small screens. */
export function ServicesList({
  services,
  priceOf,
  carouselOnSmallScreens = true,
  allFeatures = false,
}: ServicesListProps) {
  const mediumOrWider = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const cards = services.map((service) => (
    <ServiceCard
      key={service._id}
      service={service}
      price={priceOf?.(service)}
      allFeatures={allFeatures}
    />
  ));

  if (carouselOnSmallScreens && !mediumOrWider) {
    return (
      <SwipeCarousel
        label={t('services.carousel')}
        slides={cards}
        autoAdvanceMs={SERVICES_AUTO_ADVANCE_MS}
      />
    );
  }
  return <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">{cards}</div>;
}
