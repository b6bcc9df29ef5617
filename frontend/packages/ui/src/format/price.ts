import { t } from '@atelier/messages/intl';

/** What a service's price is made of (the API's `Service`). */
export interface PricedService {
  showPrice: boolean;
  priceDisplay: string;
  price: number | null;
}

/** The settings that decide whether and how prices show (the API's `ServiceSettings`). */
export interface PriceSettings {
  showPrices: boolean;
  defaultPriceDisplay: string;
}

/**
 * A service's own price text: its display text, else its amount followed by a plus sign
 * ("$9,500+", in the catalogue's language), else nothing (the service has no price).
 */
export const servicePriceText = (service: PricedService): string => {
  const display = service.priceDisplay.trim();
  if (display) return display;
  return service.price === null ? '' : t('price.from', { amount: service.price });
};

/**
 * What a service card on the site shows as its price: nothing while prices are off in the
 * settings or the service hides its price; else the service's own text, else the settings'
 * default text ("Contact for Quote"). The back office shows the same text.
 */
export const publicPriceText = (
  service: PricedService,
  settings: PriceSettings | undefined,
): string | undefined => {
  if (!settings?.showPrices || !service.showPrice) return undefined;
  return servicePriceText(service) || settings.defaultPriceDisplay.trim() || undefined;
};
