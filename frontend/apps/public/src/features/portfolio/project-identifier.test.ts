import { describe, expect, it } from 'vitest';
import { isEntityId, isSlug, parseProjectIdentifier, projectPath } from './project-identifier';

describe('slug-or-id detection', () => {
  it('treats 24 hexadecimal characters as an id', () => {
    expect(isEntityId('65f1c2a9b4e8d70012345678')).toBe(true);
    expect(parseProjectIdentifier('65f1c2a9b4e8d70012345678')).toEqual({
      kind: 'id',
      id: '65f1c2a9b4e8d70012345678',
    });
  });

  it('treats lowercase words joined by single hyphens as a slug', () => {
    expect(isSlug('fleet-tracker-2')).toBe(true);
    expect(isSlug('shop')).toBe(true);
    expect(parseProjectIdentifier('fleet-tracker')).toEqual({
      kind: 'slug',
      slug: 'fleet-tracker',
    });
  });

  it('does not call an id, capitals, double or edge hyphens a slug', () => {
    expect(isSlug('65f1c2a9b4e8d70012345678')).toBe(false);
    expect(isSlug('Fleet-Tracker')).toBe(false);
    expect(isSlug('fleet--tracker')).toBe(false);
    expect(isSlug('-fleet')).toBe(false);
    expect(isSlug('fleet-')).toBe(false);
    expect(isSlug('fleet tracker')).toBe(false);
  });

  it('does not mistake 23 or 25 hex characters for an id', () => {
    expect(isEntityId('65f1c2a9b4e8d7001234567')).toBe(false);
    expect(isEntityId('65f1c2a9b4e8d700123456789')).toBe(false);
  });
});

describe('projectPath', () => {
  it('links to the slug when there is one, else to the id', () => {
    expect(projectPath({ _id: 'a'.repeat(24), slug: 'shop' })).toBe('/project/shop');
    expect(projectPath({ _id: 'a'.repeat(24), slug: '' })).toBe(`/project/${'a'.repeat(24)}`);
  });
});
