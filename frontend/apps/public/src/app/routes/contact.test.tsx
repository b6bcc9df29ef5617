import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Contact page', () => {
  it("shows the server's contact details and a map link beside the form", async () => {
    mockApi({
      'GET /api/contact-details': () =>
        json(200, {
          email: 'studio@atelier.test',
          phone: '+1 555 0100',
          address: '1 Quay Street',
          googleMapsUrl: 'https://www.google.com/maps/embed?pb=1',
          socialMedia: {},
          updatedAt: '2024-01-01T00:00:00Z',
        }),
    });
    renderRoute('/contact');

    const info = await screen.findByRole('complementary', { name: 'Contact Information' });
    expect(await within(info).findByRole('link', { name: 'studio@atelier.test' })).toHaveAttribute(
      'href',
      'mailto:studio@atelier.test',
    );
    expect(within(info).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(info).getByRole('link', { name: 'View on the map' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('form', { name: 'Contact' })).toBeInTheDocument();
  });
});
