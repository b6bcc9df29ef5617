import type { Service, Settings } from '@atelier/api-client/api';

let counter = 0;

export const makeService = (overrides: Partial<Service> = {}): Service => {
  counter += 1;
  return {
    _id: counter.toString(16).padStart(24, '0'),
    title: `Service ${counter}`,
    description: `Full description ${counter}`,
    shortDescription: `Short description ${counter}`,
    icon: 'faCode',
    features: [],
    price: null,
    priceDisplay: '',
    showPrice: false,
    status: 'active',
    featured: true,
    order: counter,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
};

export const makeSettings = (overrides: Partial<Settings> = {}): Settings => ({
  siteName: 'Atelier',
  siteDescription: 'Software agency',
  contactEmail: 'hello@atelier.dev',
  supportEmail: 'support@atelier.dev',
  socialMedia: { facebook: '', twitter: '', linkedin: '', instagram: '', github: '' },
  services: {
    showPrices: false,
    defaultPriceDisplay: 'Contact for pricing',
    maxServicesDisplay: 6,
  },
  updatedAt: '2024-01-01T00:00:00Z',
  ...overrides,
});
