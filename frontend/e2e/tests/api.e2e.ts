import { describe, expect, it } from 'vitest';
import { apiGet } from '../support/api';
import { serverUrl } from '../support/base-url';
import { ACTIVE_NOT_FEATURED, FEATURED_SERVICES, INACTIVE_SERVICE } from '../support/seed';

const baseUrl = serverUrl();

describe('API', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${baseUrl}/api/nope`);

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe('string');
  });

  it('lists the seeded active services, typed by the OpenAPI document', async () => {
    const services = await apiGet(baseUrl, '/services', { status: 'active' });

    const titles = services.map((service) => service.title);
    for (const service of FEATURED_SERVICES) expect(titles).toContain(service.title);
    expect(titles).toContain(ACTIVE_NOT_FEATURED.title);
    expect(titles).not.toContain(INACTIVE_SERVICE);
    for (const service of services) {
      expect(service._id).toMatch(/^[0-9a-f]{24}$/);
      expect(service.status).toBe('active');
    }
  });

  it('lists the featured services first, at most maxServicesDisplay of them', async () => {
    const [featured, settings] = await Promise.all([
      apiGet(baseUrl, '/services/featured'),
      apiGet(baseUrl, '/settings'),
    ]);

    expect(featured.length).toBeLessThanOrEqual(settings.services.maxServicesDisplay);
    expect(featured.map((service) => service.title).toSorted()).toEqual(
      FEATURED_SERVICES.map((service) => service.title).toSorted(),
    );
  });
});
