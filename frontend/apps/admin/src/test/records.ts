import type { Category, Tag } from '@atelier/api-client/api';

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
