import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Policy pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy', 'Information we collect'],
    ['/terms-of-service', 'Terms of Service', 'Using this website'],
    ['/cookie-policy', 'Cookie Policy', 'What cookies are'],
  ])(
    '%s shows its built-in text, last updated March 15, 2024, when the server has none',
    async (path, title, section) => {
      mockApi({});
      renderRoute(path);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: section })).toBeInTheDocument();
      expect(screen.getByText('Last updated: March 15, 2024')).toBeInTheDocument();
    },
  );

  it("shows the server's text as the server rendered it, with its own date", async () => {
    const { requests } = mockApi({
      'GET /api/content/terms': () =>
        json(200, {
          _id: 'a'.repeat(24),
          type: 'terms',
          title: 'Terms of Service',
          subtitle: 'Our terms',
          description: '',
          mission: '',
          vision: '',
          values: [],
          content: '## Payment\n\nInvoices are due in **30 days**.',
          contentHtml: '<h2>Payment</h2>\n<p>Invoices are due in <strong>30 days</strong>.</p>\n',
          lastUpdated: '2025-01-10T00:00:00Z',
          status: 'published',
          sections: [],
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2025-01-10T00:00:00Z',
        }),
    });
    renderRoute('/terms-of-service');

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('30 days').tagName).toBe('STRONG');
    expect(screen.getByText('Last updated: January 10, 2025')).toBeInTheDocument();
    expect(requests.map((request) => new URL(request.url).pathname)).toContain(
      '/api/content/terms',
    );
  });

  it('holds the space while the text loads', () => {
    mockApi({ 'GET /api/content/cookies': never });
    renderRoute('/cookie-policy');

    expect(screen.getByRole('status', { name: 'Loading Cookie Policy' })).toBeInTheDocument();
  });
});
