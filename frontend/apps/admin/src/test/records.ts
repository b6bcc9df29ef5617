import type { Category, ContactDetails, Settings, Tag } from '@atelier/api-client/api';

/** Demo records for screen tests: each factory returns a complete record, `overrides` on top. */
const STAMP = '2026-03-04T10:00:00Z';
let counter = 0;
/** A fresh 24-hex id. */
export const newId = () => {
  counter += 1;
  return `65a1b2c3d4e5f6${counter.toString(16).padStart(10, '0')}`;
};

export const category = (overrides: Partial<Category> = {}): Category => ({
  _id: newId(),
  name: 'web-development',
  slug: 'web-development',
  displayName: 'Web Development',
  description: 'Building for the browser',
  featured: false,
  status: 'active',
  order: 1,
  postCount: 2,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const tag = (overrides: Partial<Tag> = {}): Tag => ({
  _id: newId(),
  name: 'React',
  slug: 'react',
  description: 'A library for interfaces',
  color: '#10B981',
  type: 'blog',
  count: 3,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const settingsRecord = (overrides: Partial<Settings> = {}): Settings => ({
  siteName: 'Atelier',
  siteDescription: 'Software, made with care',
  contactEmail: 'hello@atelier.test',
  supportEmail: 'support@atelier.test',
  socialMedia: {
    facebook: '',
    twitter: 'https://twitter.com/atelier',
    linkedin: '',
    instagram: '',
    github: 'https://github.com/atelier',
  },
  services: { showPrices: true, defaultPriceDisplay: 'Contact for Quote', maxServicesDisplay: 6 },
  updatedAt: STAMP,
  ...overrides,
});

export const contactDetailsRecord = (overrides: Partial<ContactDetails> = {}): ContactDetails => ({
  email: 'hello@atelier.test',
  phone: '+1 555 0100',
  address: '1 Main Street, Springfield',
  googleMapsUrl: '',
  socialMedia: { github: 'https://github.com/atelier' },
  updatedAt: STAMP,
  ...overrides,
});
