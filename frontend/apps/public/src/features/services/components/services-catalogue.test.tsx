import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeService, makeSettings } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const titles = () =>
  screen
    .getAllByTestId('service-card')
    .map((card) => within(card).getByRole('heading').textContent);

describe('Services page', () => {
  it('asks for the active services and the settings', async () => {
    const { requests } = mockApi({
      'GET /api/services': () => json(200, [makeService({ title: 'Only' })]),
      'GET /api/settings': () => json(200, makeSettings()),
    });

    renderRoute('/services');

    await screen.findByRole('heading', { name: 'Only' });
    const urls = requests.map((request) => new URL(request.url));
    const list = urls.find((url) => url.pathname === '/api/services');
    expect(list?.searchParams.get('status')).toBe('active');
    expect(urls.some((url) => url.pathname === '/api/settings')).toBe(true);
  });

  it('has the page title and a spinner while loading', () => {
    mockApi({ 'GET /api/services': never, 'GET /api/settings': never });

    renderRoute('/services');

    expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: /loading services/i })).toBeInTheDocument();
  });

  it('shows every active service in order, ignoring the home page cap', async () => {
    const services = Array.from({ length: 8 }, (_, index) =>
      makeService({ title: `Service #${8 - index}`, order: 8 - index }),
    );
    mockApi({
      'GET /api/services': () =>
        json(200, [...services, makeService({ title: 'Retired', status: 'inactive', order: 0 })]),
      'GET /api/settings': () =>
        json(
          200,
          makeSettings({
            services: { showPrices: false, defaultPriceDisplay: '', maxServicesDisplay: 3 },
          }),
        ),
    });

    renderRoute('/services');

    await screen.findByRole('heading', { name: 'Service #1' });
    expect(titles()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Service #${n}`));
  });

  it('shows prices only when the settings and the service both allow it', async () => {
    mockApi({
      'GET /api/services': () =>
        json(200, [
          makeService({ title: 'Priced', showPrice: true, priceDisplay: 'From $5,000' }),
          makeService({ title: 'Default price', showPrice: true, priceDisplay: '', price: null }),
          makeService({ title: 'Amount', showPrice: true, priceDisplay: '', price: 9500 }),
          makeService({ title: 'Hidden', showPrice: false, priceDisplay: 'From $1' }),
        ]),
      'GET /api/settings': () =>
        json(
          200,
          makeSettings({
            services: {
              showPrices: true,
              defaultPriceDisplay: 'Contact for pricing',
              maxServicesDisplay: 6,
            },
          }),
        ),
    });

    renderRoute('/services');

    expect(await screen.findByText('From $5,000')).toBeInTheDocument();
    expect(screen.getByText('Contact for pricing')).toBeInTheDocument();
    // The same text as the back office's list.
    expect(screen.getByText('$9,500+')).toBeInTheDocument();
    expect(screen.queryByText('From $1')).toBeNull();
  });

  it('shows every feature of a service', async () => {
    mockApi({
      'GET /api/services': () =>
        json(200, [makeService({ title: 'Many', features: ['A', 'B', 'C', 'D', 'E'] })]),
    });
    renderRoute('/services');

    const card = (await screen.findAllByTestId('service-card'))[0] as HTMLElement;
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('shows the error box when the services cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/services': () => json(503, { message: 'Database unavailable' }),
      'GET /api/settings': () => json(200, makeSettings()),
    });

    renderRoute('/services');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services');
  });

  it('ends with a call to action for a custom solution', async () => {
    mockApi({
      'GET /api/services': () => json(200, []),
      'GET /api/settings': () => json(200, makeSettings()),
    });

    renderRoute('/services');

    const cta = screen.getByRole('region', { name: 'Need a Custom Solution?' });
    expect(within(cta).getByRole('link', { name: 'Discuss Your Project' })).toHaveAttribute(
      'href',
      '/discuss-project',
    );
  });
});
