import type { Service, Settings } from '@atelier/api-client/api';
import { publicPriceText } from '@atelier/ui/price';

/**
 * The price shown on a card: only when the settings show prices and the service shows its
 * price; the service's own text (its display text or "$9,500+"), else the settings' default text.
 * The back office's list and form show the same text (`@atelier/ui/price`).
 */
export const priceLine = (service: Service, settings: Settings | undefined): string | undefined =>
  publicPriceText(service, settings?.services);
