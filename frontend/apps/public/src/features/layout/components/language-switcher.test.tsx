import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePost, makeSettings } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';

const LANGUAGES = [
  { tag: 'en', name: 'English', direction: 'ltr' as const },
  { tag: 'de', name: 'Deutsch', direction: 'ltr' as const },
];
const GERMAN_PAGE = { tag: 'de', basename: '/de' };

const translatedPost = makePost({
  slug: 'hallo-welt',
  title: 'Hallo Welt',
  language: 'de',
  translations: [
    { lang: 'en', slug: 'hello-world' },
    { lang: 'de', slug: 'hallo-welt' },
  ],
});

/** The API of a site in `languages`, its post `hello-world` read in German as `hallo-welt`. */
const site = (languages = LANGUAGES) =>
  mockApi({
    'GET /api/settings': () => json(200, makeSettings({ languages })),
    'GET /api/services/featured': () => json(200, []),
    'GET /api/blog/public/posts/slug/hallo-welt': () => json(200, translatedPost),
    'GET /api/blog/public/posts/slug/hello-world': (request) =>
      new URL(request.url).searchParams.get('lang') === 'de'
        ? json(200, translatedPost)
        : json(200, makePost({ slug: 'hello-world', title: 'Hello World' })),
  });

/** The switcher's button, in the header's desktop group (the first drawn). */
const switcherButton = async (name: RegExp) => (await screen.findAllByRole('button', { name }))[0];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LanguageSwitcher', () => {
  it('is not drawn on a site with one language', async () => {
    const { requests } = site(LANGUAGES.slice(0, 1));
    renderRoute('/blog');
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/settings'))).toBe(true));
    await act(async () => {});

    expect(screen.queryByRole('navigation', { name: 'Languages' })).not.toBeInTheDocument();
  });

  it('lists the languages by name, marks the page’s, and opens and closes by keyboard', async () => {
    site();
    renderRoute('/about');
    const button = await switcherButton(/^Language: English$/);
    if (!button) throw new Error('no switcher');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('no list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['English', '/about'],
      ['Deutsch', '/de/about'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    expect(links[1]).not.toHaveAttribute('aria-current');
    expect(links[1]).toHaveAttribute('lang', 'de');
    expect(links[1]).toHaveAttribute('hreflang', 'de');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  describe('on a German post page', () => {
    inGerman();

    it('leads to the post’s default slug and marks German, its links staying under /de', async () => {
      const { requests } = site();
      renderRoute('/de/blog/hallo-welt', GERMAN_PAGE);
      const button = await switcherButton(/^Sprache: Deutsch$/);
      if (!button) throw new Error('no switcher');
      fireEvent.click(button);
      const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
      if (!list) throw new Error('no list');

      await waitFor(() =>
        expect(
          within(list)
            .getAllByRole('link')
            .map((link) => link.getAttribute('href')),
        ).toEqual(['/blog/hello-world', '/de/blog/hallo-welt']),
      );
      expect(within(list).getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/de', '/de#about', '/de/services', '/de/portfolio', '/de/blog', '/de/contact']);
      // The post is read as the page reads it: its translations come with it, nothing else is asked.
      const reads = requests.filter((r) => r.url.includes('/slug/')).map((r) => r.url);
      expect(reads.every((url) => url.endsWith('/api/blog/public/posts/slug/hallo-welt'))).toBe(
        true,
      );
    });
  });

  it('on an English post page, learns the German slug once opened', async () => {
    const { requests } = site();
    renderRoute('/blog/hello-world');
    const button = await switcherButton(/^Language: English$/);
    if (!button) throw new Error('no switcher');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('no list');
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: 'Deutsch', hidden: true })).toHaveAttribute(
        'href',
        '/de/blog/hello-world',
      ),
    );
    expect(requests.some((r) => r.url.includes('lang='))).toBe(false);

    fireEvent.click(button);
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
        'href',
        '/de/blog/hallo-welt',
      ),
    );
    expect(within(list).getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/blog/hello-world',
    );
  });
});
