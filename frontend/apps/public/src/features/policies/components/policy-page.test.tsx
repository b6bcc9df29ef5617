import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageLanguage } from '@/lib/page-language';
import { inGerman } from '@/test/german';
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

describe('A policy page on a language’s page', () => {
  inGerman();
  const german: PageLanguage = { tag: 'de', basename: '/de', directions: { en: 'ltr', de: 'ltr' } };
  const privacy = (overrides: object) => ({
    _id: 'a'.repeat(24),
    type: 'privacy',
    title: 'Privacy Policy',
    subtitle: 'How we keep it',
    description: '',
    mission: '',
    vision: '',
    values: [],
    content: 'Text',
    contentHtml: '<p>Our text.</p>',
    lastUpdated: '2025-01-10T00:00:00Z',
    status: 'published',
    sections: [],
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  });

  it('says the language of its hero shown in the default language, as its article does', async () => {
    mockApi({ 'GET /api/content/privacy': () => json(200, privacy({ language: 'en' })) });
    renderRoute('/de/privacy-policy', german);

    const title = await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(title.getAttribute('lang')).toBe('en');
    expect(screen.getByText('How we keep it').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Our text.').closest('article')?.getAttribute('lang')).toBe('en');
  });

  it('leaves a built-in subtitle and a translated page unmarked', async () => {
    mockApi({
      'GET /api/content/privacy': () => json(200, privacy({ subtitle: '', language: 'en' })),
    });
    const { unmount } = renderRoute('/de/privacy-policy', german);
    const title = await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(title.getAttribute('lang')).toBe('en');
    expect(title.nextElementSibling?.hasAttribute('lang')).toBe(false);
    unmount();

    mockApi({
      'GET /api/content/privacy': () =>
        json(200, privacy({ title: 'Datenschutz', subtitle: 'Kurz', language: 'de' })),
    });
    renderRoute('/de/privacy-policy', german);
    const translated = await screen.findByRole('heading', { level: 1, name: 'Datenschutz' });
    expect(translated.hasAttribute('lang')).toBe(false);
    expect(screen.getByText('Kurz').hasAttribute('lang')).toBe(false);
  });
});
