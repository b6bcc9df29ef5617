import { describe, expect, it } from 'vitest';
import { publicPriceText, servicePriceText } from './price';

const service = { showPrice: true, priceDisplay: '', price: 9500 };
const settings = { showPrices: true, defaultPriceDisplay: 'Contact for Quote' };

describe('Prices', () => {
  it("reads a service's own text, else its amount with a plus, else nothing", () => {
    expect(servicePriceText(service)).toBe('$9,500+');
    expect(servicePriceText({ ...service, priceDisplay: ' From $5,000 ' })).toBe('From $5,000');
    expect(servicePriceText({ ...service, price: null })).toBe('');
    expect(servicePriceText({ ...service, price: 0 })).toBe('$0+');
  });

  it('shows on the site only when both switches allow it, with the default text for no price', () => {
    expect(publicPriceText(service, settings)).toBe('$9,500+');
    expect(publicPriceText({ ...service, price: null }, settings)).toBe('Contact for Quote');
    expect(publicPriceText(service, { ...settings, showPrices: false })).toBeUndefined();
    expect(publicPriceText({ ...service, showPrice: false }, settings)).toBeUndefined();
    expect(publicPriceText(service, undefined)).toBeUndefined();
  });
});
