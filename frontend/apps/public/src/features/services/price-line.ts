import type { Service, Settings } from '@atelier/api-client/api';

/**
 * The price shown on a card: only when the settings show prices and the service shows its
 * price; the service's own text, else the settings' default text.
 */
export const priceLine = (service: Service, settings: Settings | undefined): string | undefined => {
  if (!settings?.services.showPrices || !service.showPrice) return undefined;
  const text = service.priceDisplay?.trim() || settings.services.defaultPriceDisplay?.trim();
  return text || undefined;
};
