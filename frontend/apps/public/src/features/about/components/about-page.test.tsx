import { json, mockApi, never } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageLanguage } from '@/lib/page-language';
import { makeTestimonial, testimonialList } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';

const member = (name: string, position: string, avatar = '') => ({
  _id: name.toLowerCase().replace(/\W/g, '').padEnd(24, '0').slice(0, 24),
  name,
  position,
  email: '',
  bio: '',
  avatar,
  status: 'active',
  order: 1,
  socialLinks: { linkedin: '', twitter: '', github: '', website: '' },
  skills: [],
  department: '',
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
});

const teamList = (teamMembers: ReturnType<typeof member>[]) => ({
  teamMembers,
  totalItems: teamMembers.length,
  totalPages: 1,
  currentPage: 1,
});

const ABOUT = {
  _id: 'a'.repeat(24),
  type: 'about',
  title: 'Who We Are',
  subtitle: 'Makers',
  description: 'First paragraph.\n\nSecond paragraph.',
  mission: 'Ship it',
  vision: 'See it',
  values: ['Care - for the user'],
  content: '',
  contentHtml: '',
  lastUpdated: null,
  status: 'published',
  sections: [],
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
};

describe('The About page', () => {
  it('reads the stored text, the active team and the approved testimonials', async () => {
    const { requests } = mockApi({
      'GET /api/content/about': () => json(200, ABOUT),
      'GET /api/team': () =>
        json(
          200,
          teamList([
            member('Maya Chen', 'Founder', '/images/demo/team-1.svg'),
            member('Liam Novak', 'Engineer'),
          ]),
        ),
      'GET /api/testimonials': () =>
        json(
          200,
          testimonialList([makeTestimonial({ name: 'Sarah Mitchell', company: 'Brightline' })]),
        ),
    });
    renderRoute('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'Who We Are' })).toBeVisible();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Care' })).toBeInTheDocument();
    const team = screen.getByRole('region', { name: 'Meet Our Team' });
    expect(within(team).getByRole('img', { name: 'Portrait of Maya Chen' })).toBeInTheDocument();
    expect(within(team).getByText('LN')).toBeInTheDocument();
    expect(within(team).getByText('Engineer')).toBeInTheDocument();
    const quotes = screen.getByRole('region', { name: 'What Our Clients Say' });
    expect(within(quotes).getByText('Sarah Mitchell')).toBeInTheDocument();
    const asked = (path: string) =>
      Object.fromEntries(
        new URL(requests.find((r) => new URL(r.url).pathname === path)?.url ?? '').searchParams,
      );
    expect(asked('/api/team')).toEqual({ status: 'active', limit: '100' });
    expect(asked('/api/testimonials')).toEqual({ status: 'approved', limit: '30' });
  });

  it('shows the built-in text without a stored page, and no empty team or testimonials', async () => {
    mockApi({
      'GET /api/content/about': () => json(404, { message: 'Not found' }),
      'GET /api/team': () => json(200, teamList([])),
      'GET /api/testimonials': () => json(200, testimonialList([])),
    });
    renderRoute('/about');

    expect(await screen.findByRole('heading', { name: 'Our Mission' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(screen.getByText('Craftsmanship')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meet Our Team' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'What Our Clients Say' })).toBeNull();
  });

  it('holds its place while the answers load', () => {
    mockApi({
      'GET /api/content/about': never,
      'GET /api/team': never,
      'GET /api/testimonials': never,
    });
    renderRoute('/about');
    expect(screen.getByRole('status', { name: 'Loading about us' })).toBeInTheDocument();
  });
});

describe('The About page on a language’s page', () => {
  inGerman();
  const german: PageLanguage = {
    tag: 'de',
    basename: '/de',
    directions: { en: 'ltr', de: 'ltr' },
    defaultTag: 'en',
  };
  const arabic: PageLanguage = {
    tag: 'ar',
    basename: '/ar',
    directions: { en: 'ltr', ar: 'rtl' },
    defaultTag: 'en',
  };
  const api = (about: object) =>
    mockApi({
      'GET /api/content/about': () => json(200, about),
      'GET /api/team': () => json(200, teamList([])),
      'GET /api/testimonials': () => json(200, testimonialList([])),
    });

  it('says the language of its own texts shown in the default language, as the server writes them', async () => {
    api({ ...ABOUT, subtitle: ' ', vision: '', language: 'en' });
    renderRoute('/de/about', german);

    const title = await screen.findByRole('heading', { level: 1, name: 'Who We Are' });
    expect(title.getAttribute('lang')).toBe('en');
    expect(title.hasAttribute('dir')).toBe(false);
    expect(screen.getByText('Second paragraph.').parentElement?.getAttribute('lang')).toBe('en');
    expect(screen.getByText('Ship it').getAttribute('lang')).toBe('en');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Care' }).closest('ul')?.getAttribute('lang'),
    ).toBe('en');
    // The built-in subtitle and vision are the page's language's.
    const vision = screen.getByRole('region', { name: 'Unsere Vision' }).querySelector('p');
    expect(vision?.hasAttribute('lang')).toBe(false);
    expect(title.nextElementSibling?.hasAttribute('lang')).toBe(false);
  });

  it('gives them their direction on a right-to-left page, and only the untranslated ones when translated', async () => {
    api({ ...ABOUT, language: 'en' });
    const { unmount } = renderRoute('/ar/about', arabic);
    const title = await screen.findByRole('heading', { level: 1, name: 'Who We Are' });
    expect([title.getAttribute('lang'), title.getAttribute('dir')]).toEqual(['en', 'ltr']);
    expect(screen.getByText('Makers').getAttribute('dir')).toBe('ltr');
    unmount();

    api({ ...ABOUT, title: 'Wer wir sind', language: 'de' });
    renderRoute('/de/about', german);
    const translated = await screen.findByRole('heading', { level: 1, name: 'Wer wir sind' });
    expect(translated.hasAttribute('lang')).toBe(false);
    // The mission, the vision and the values are not translated: the default language's.
    expect(screen.getByText('Ship it').getAttribute('lang')).toBe('en');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Care' }).closest('ul')?.getAttribute('lang'),
    ).toBe('en');
    expect(screen.getByText('Second paragraph.').parentElement?.hasAttribute('lang')).toBe(false);
  });
});
