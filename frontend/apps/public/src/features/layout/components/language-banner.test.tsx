import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';
import { DISMISSED_KEY } from '../banner-dismissal';

const LANGUAGES = [
  { tag: 'en', name: 'English', direction: 'ltr' as const },
  { tag: 'de', name: 'Deutsch', direction: 'ltr' as const },
  { tag: 'ar', name: 'العربية', direction: 'rtl' as const },
];

const site = (languages = LANGUAGES) =>
  mockApi({
    'GET /api/settings': () => json(200, makeSettings({ languages })),
    'GET /api/services/featured': () => json(200, []),
  });

const prefer = (...languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LanguageBanner', () => {
  it('offers a German reader the page in German, in German, and never leaves the page', async () => {
    site();
    prefer('de-DE', 'en');
    const { router } = renderRoute('/about');

    const banner = await screen.findByRole('region', { name: 'Sprachvorschlag' });
    expect(banner).toHaveAttribute('lang', 'de');
    expect(banner).toHaveTextContent('Diese Seite gibt es auch auf Deutsch.');
    expect(screen.getByRole('link', { name: 'Auf Deutsch lesen' })).toHaveAttribute(
      'href',
      '/de/about',
    );
    expect(router.state.location.pathname).toBe('/about');
  });

  it('is dismissed for good', async () => {
    site();
    prefer('de');
    const first = renderRoute('/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Sprachvorschlag schließen' }));

    expect(screen.queryByRole('region', { name: 'Sprachvorschlag' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]')).toEqual(['de']);
    first.unmount();

    const { requests } = site();
    renderRoute('/services');
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/settings'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Sprachvorschlag' })).not.toBeInTheDocument();
  });

  it('says nothing when the page is in the first preferred language the site has', async () => {
    const { requests } = site();
    prefer('fr', 'en', 'de');
    renderRoute('/about');
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/settings'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /suggestion|vorschlag/i })).not.toBeInTheDocument();
  });

  it('speaks the page’s language for a language without a catalogue, and leads to it', async () => {
    site();
    prefer('ar-EG');
    renderRoute('/blog');

    const banner = await screen.findByRole('region', { name: 'Language suggestion' });
    expect(banner).not.toHaveAttribute('lang');
    expect(banner).toHaveTextContent('This page is also available in العربية.');
    expect(screen.getByRole('link', { name: 'Read in العربية' })).toHaveAttribute(
      'href',
      '/ar/blog',
    );
  });

  it('survives a browser that refuses storage', async () => {
    site();
    prefer('de');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    renderRoute('/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Sprachvorschlag schließen' }));
    expect(screen.queryByRole('region', { name: 'Sprachvorschlag' })).not.toBeInTheDocument();
  });

  describe('on a German page', () => {
    inGerman();

    it('offers an English reader the page in English, in English', async () => {
      site();
      prefer('en-US');
      renderRoute('/de/about', { tag: 'de', basename: '/de' });

      const banner = await screen.findByRole('region', { name: 'Language suggestion' });
      expect(banner).toHaveAttribute('lang', 'en');
      expect(screen.getByRole('link', { name: 'Read in English' })).toHaveAttribute(
        'href',
        '/about',
      );
    });
  });
});
