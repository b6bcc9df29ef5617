import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_DEFAULTS } from '@/lib/home-defaults';
import { renderRoute } from '@/test/render-route';

const withSections = (change: (key: string) => object) => ({
  ...HOME_DEFAULTS,
  hero: {
    title: 'Apps that last',
    subtitle: 'Built by a small team.',
    links: [{ label: 'See our work', target: '/portfolio' }],
    trustedBy: '',
  },
  sections: HOME_DEFAULTS.sections.map((section) => ({ ...section, ...change(section.key) })),
});

describe('Home', () => {
  it("shows the original texts until the owner's arrive", () => {
    mockApi({});
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1, name: HOME_DEFAULTS.hero.title })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Our Services' })).toHaveAttribute(
      'href',
      '/#services',
    );
    expect(screen.getByText('Trusted by businesses across industries')).toBeVisible();
  });

  it("shows the owner's hero, section texts and only the sections shown", async () => {
    const home = withSections((key) =>
      key === 'features'
        ? { visible: false }
        : key === 'contact'
          ? { heading: 'Say hello', subheading: '' }
          : {},
    );
    mockApi({ 'GET /api/home-page': () => json(200, home) });
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Apps that last' })).toBeVisible();
    expect(screen.getByText('Built by a small team.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See our work' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(screen.queryByText('Trusted by businesses across industries')).toBeNull();
    expect(screen.queryByText('Cutting-Edge Technology')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Say hello' })).toBeInTheDocument();
  });
});
