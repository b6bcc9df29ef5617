import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeService } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const servicesSection = () => screen.getByRole('region', { name: 'Our Services' });
const cards = () => within(servicesSection()).queryAllByTestId('service-card');
const cardTitled = async (title: string) => {
  const heading = await within(servicesSection()).findByRole('heading', { name: title });
  const card = heading.closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return card;
};

describe('Home services section', () => {
  it('asks the server for the featured services', async () => {
    const { requests } = mockApi({ 'GET /api/services/featured': () => json(200, []) });

    renderRoute('/');

    await screen.findByText('No services available at the moment.');
    expect(requests.map((request) => new URL(request.url).pathname)).toContain(
      '/api/services/featured',
    );
  });

  it('shows a spinner while the services load', () => {
    mockApi({ 'GET /api/services/featured': never });

    renderRoute('/');

    expect(
      within(servicesSection()).getByRole('status', { name: /loading services/i }),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('shows a red "Failed to load services" box and logs the error when loading fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/services/featured': () => json(500, { message: 'Something went wrong' }),
    });

    renderRoute('/');

    const alert = await within(servicesSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load services');
    expect(alert).toHaveClass('text-red-700');
    expect(consoleError).toHaveBeenCalledWith('Failed to load services', expect.anything());
  });

  it('shows one card per service with the icon and colour of its icon name', async () => {
    mockApi({
      'GET /api/services/featured': () =>
        json(200, [
          makeService({ title: 'Mobile App Development', icon: 'faMobileAlt' }),
          makeService({ title: 'Web Development', icon: 'faLaptopCode' }),
          makeService({ title: 'UI/UX Design', icon: 'faPalette' }),
          makeService({ title: 'SEO Services', icon: 'faSearch' }),
          makeService({ title: 'Custom Software', icon: 'faCode' }),
          makeService({ title: 'API Integration', icon: 'faPlug' }),
        ]),
    });

    renderRoute('/');

    const expected = [
      ['Mobile App Development', 'blue', 'text-blue-600'],
      ['Web Development', 'indigo', 'text-indigo-600'],
      ['UI/UX Design', 'purple', 'text-purple-600'],
      ['SEO Services', 'green', 'text-green-600'],
      ['Custom Software', 'red', 'text-red-600'],
      ['API Integration', 'yellow', 'text-yellow-600'],
    ] as const;
    for (const [title, color, textClass] of expected) {
      const icon = within(await cardTitled(title)).getByTestId('service-icon');
      expect(icon).toHaveAttribute('data-icon-color', color);
      expect(icon).toHaveClass(textClass);
    }
    expect(cards()).toHaveLength(6);
  });

  it('shows a gray database icon for an unknown icon name', async () => {
    mockApi({
      'GET /api/services/featured': () =>
        json(200, [makeService({ title: 'Mystery', icon: 'faDoesNotExist' })]),
    });

    renderRoute('/');

    const icon = within(await cardTitled('Mystery')).getByTestId('service-icon');
    expect(icon).toHaveAttribute('data-icon', 'database');
    expect(icon).toHaveAttribute('data-icon-color', 'gray');
    expect(icon).toHaveClass('text-gray-500');
  });

  it('shows the short description, and the description when the short one is empty', async () => {
    mockApi({
      'GET /api/services/featured': () =>
        json(200, [
          makeService({
            title: 'Short',
            shortDescription: 'The **short** text',
            description: 'Long',
          }),
          makeService({
            title: 'Fallback',
            shortDescription: '',
            description: 'Only the *full* text',
          }),
        ]),
    });

    renderRoute('/');

    const short = await cardTitled('Short');
    expect(within(short).getByText('short').tagName).toBe('STRONG');
    expect(within(short).queryByText('Long')).toBeNull();
    const fallback = await cardTitled('Fallback');
    expect(fallback).toHaveTextContent('Only the full text');
    expect(within(fallback).getByText('full').tagName).toBe('EM');
  });

  it('shows the first 3 features of a service, rendered from markdown, and how many more', async () => {
    mockApi({
      'GET /api/services/featured': () =>
        json(200, [
          makeService({
            title: 'Featureful',
            features: ['**One**', 'Two', 'Three', 'Four', 'Five'],
          }),
        ]),
    });

    renderRoute('/');

    const card = await cardTitled('Featureful');
    const features = within(card).getAllByRole('listitem');
    expect(features.map((item) => item.textContent)).toEqual(['One', 'Two', 'Three', '+2 more']);
    expect(within(card).getByText('One').tagName).toBe('STRONG');
  });

  it('links every card to /discuss-project and offers the two section buttons', async () => {
    mockApi({
      'GET /api/services/featured': () => json(200, [makeService({ title: 'Web Development' })]),
    });

    renderRoute('/');

    const card = await cardTitled('Web Development');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/discuss-project');
    expect(
      within(servicesSection()).getByRole('link', { name: 'Request Custom Service' }),
    ).toHaveAttribute('href', '/discuss-project');
    expect(
      within(servicesSection()).getByRole('link', { name: 'View All Services' }),
    ).toHaveAttribute('href', '/services');
  });

  it('shows the services as a carousel with dots on small screens', async () => {
    setMatchingMedia();
    mockApi({
      'GET /api/services/featured': () =>
        json(200, [makeService({ title: 'First' }), makeService({ title: 'Second' })]),
    });

    renderRoute('/');

    const carousel = await within(servicesSection()).findByRole('region', { name: 'Services' });
    expect(within(carousel).getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
  });
});
