import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

const about = () => document.getElementById('about') as HTMLElement;

describe('About section', () => {
  it('shows the built-in text when the server has no about page', async () => {
    mockApi({ 'GET /api/content/about': () => json(404, { message: 'Not found' }) });
    renderRoute('/');

    expect(await within(about()).findByRole('heading', { name: 'Our Mission' })).toBeVisible();
    expect(about()).toHaveTextContent('Craftsmanship');
  });

  it("shows the server's text and splits each value at the first ' - '", async () => {
    mockApi({
      'GET /api/content/about': () =>
        json(200, {
          _id: 'a'.repeat(24),
          type: 'about',
          title: 'Who We Are',
          subtitle: 'Makers',
          description: 'First paragraph.\n\nSecond paragraph.',
          mission: 'Ship it',
          vision: 'See it',
          values: ['Care - for the user - always'],
          content: '',
          lastUpdated: null,
          status: 'published',
          sections: [],
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
        }),
    });
    renderRoute('/');

    expect(await within(about()).findByRole('heading', { name: 'Who We Are' })).toBeVisible();
    expect(within(about()).getByText('Second paragraph.')).toBeInTheDocument();
    expect(within(about()).getByRole('heading', { level: 4, name: 'Care' })).toBeInTheDocument();
    expect(within(about()).getByText('for the user - always')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    mockApi({ 'GET /api/content/about': never });
    renderRoute('/');

    expect(within(about()).getByRole('status', { name: 'Loading about us' })).toBeVisible();
  });
});
