import { useGetSettings } from '@atelier/api-client/api';
import { publicPriceText } from '@atelier/ui/price';
import { useFormContext, useWatch } from 'react-hook-form';

/**
 * Under the price fields: whether the site shows prices at all (Settings' switch) and exactly what
 * this service's card will show, as typed.
 */
export function PricePreview() {
  const settings = useGetSettings();
  const { control } = useFormContext();
  const [price, priceDisplay, showPrice] = useWatch({
    control,
    name: ['price', 'priceDisplay', 'showPrice'],
  }) as [string, string, boolean];
  const services = settings.data?.services;
  if (!services) return null;
  const amount = String(price ?? '').trim() === '' ? null : Math.max(0, Number(price) || 0);
  const shown = publicPriceText(
    { showPrice, priceDisplay: priceDisplay ?? '', price: amount },
    services,
  );
  return (
    <p
      role="status"
      aria-label="Price on the site"
      className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700"
    >
      {!services.showPrices
        ? 'Prices are hidden on the site (Settings › Service Settings › Show Service Prices is off).'
        : shown
          ? `The site’s card shows: ${shown}`
          : 'The site’s card shows no price (Show Price is off for this service).'}
    </p>
  );
}
