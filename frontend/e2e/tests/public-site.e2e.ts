import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../support/base-url';
import { browserForSuite } from '../support/browser';
import { ACTIVE_NOT_FEATURED, FEATURED_SERVICES, INACTIVE_SERVICE } from '../support/seed';

const baseUrl = serverUrl();

interface ShownCard {
  title: string;
  color: string | null;
  glyphColor: string;
  expectedGlyphColor: string;
}

/** The service cards inside `scope`, with their icon colour as rendered by the real CSS. */
const serviceCards = async (page: Page, scope: string): Promise<ShownCard[]> => {
  const selector = `${scope} [data-testid="service-card"]`;
  await page.locator(selector).first().waitFor({ timeout: 15_000 });
  // Found and read in one task of the page: the app redraws the server's cards once it is
  // hydrated, and a card found earlier may be detached by then (no computed style).
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).map((card) => {
        const icon = card.querySelector<HTMLElement>('[data-testid="service-icon"]');
        const color = icon?.dataset.iconColor ?? null;
        // What colour Tailwind's class for this colour name really paints.
        const probe = document.createElement('span');
        probe.className = color === 'gray' ? 'text-gray-500' : `text-${color}-600`;
        document.body.append(probe);
        const expectedGlyphColor = getComputedStyle(probe).color;
        probe.remove();
        return {
          title: card.querySelector('h3')?.textContent?.trim() ?? '',
          color,
          glyphColor: icon ? getComputedStyle(icon).color : '',
          expectedGlyphColor,
        };
      }),
    selector,
  );
};

describe('Public site', () => {
  const browser = browserForSuite();

  it('shows the seeded featured services on the home page with their icon colours', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);

    await page.getByRole('heading', { name: 'Our Services' }).waitFor();
    const cards = await serviceCards(page, '#services');

    expect(cards.map((card) => card.title).toSorted()).toEqual(
      FEATURED_SERVICES.map((service) => service.title).toSorted(),
    );
    for (const service of FEATURED_SERVICES) {
      const card = cards.find((shown) => shown.title === service.title);
      expect(card?.color, service.title).toBe(service.color);
      expect(card?.glyphColor, service.title).toBe(card?.expectedGlyphColor);
    }
    const grayProbe = cards[0];
    expect(grayProbe?.glyphColor).not.toBe('rgb(0, 0, 0)');
  });

  it('contacts no host other than its own server', async () => {
    const { page, requestedUrls } = browser();
    requestedUrls.length = 0;
    await page.goto(`${baseUrl}/`);
    await page.locator('#services [data-testid="service-card"]').first().waitFor();

    const foreign = requestedUrls.filter(
      (url) => !url.startsWith(`${baseUrl}/`) && !url.startsWith('data:'),
    );
    expect(foreign).toEqual([]);
  });

  it('shows every active service, and no inactive one, on the /services page', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/services`);

    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    const cards = await serviceCards(page, 'main');
    const titles = cards.map((card) => card.title);

    for (const service of FEATURED_SERVICES) expect(titles).toContain(service.title);
    expect(titles).toContain(ACTIVE_NOT_FEATURED.title);
    expect(titles).not.toContain(INACTIVE_SERVICE);
    const cloud = cards.find((card) => card.title === ACTIVE_NOT_FEATURED.title);
    expect(cloud?.color).toBe(ACTIVE_NOT_FEATURED.color);
    expect(await page.getByText('Need a Custom Solution?').isVisible()).toBe(true);
  });

  it('renders /portfolio from the public app on a hard reload', async () => {
    const { page } = browser();
    const first = await page.goto(`${baseUrl}/portfolio`);
    expect(first?.status()).toBe(200);

    const reloaded = await page.reload();

    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Our Portfolio' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get a Quote' }).first().isVisible()).toBe(true);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/no-such-page`);

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    const helpful = await page
      .getByRole('navigation', { name: 'Helpful links' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(helpful).toEqual(['/', '/contact', '/blog', '/services', '/portfolio']);
  });

  it('navigates from the header to the services page without a reload', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Services' })
      .click();

    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/services');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
  });
});

describe('Public site on a phone', () => {
  const browser = browserForSuite({ width: 390, height: 844 });

  it('shows the featured services as a swipe carousel with one dot per service', async () => {
    const { page } = browser();
    await page.goto(`${baseUrl}/`);

    const carousel = page
      .locator('#services')
      .getByRole('region', { name: 'Services', exact: true });
    await carousel.waitFor();
    const dots = carousel.getByRole('button', { name: /Go to slide/ });

    expect(await dots.count()).toBe(FEATURED_SERVICES.length);
  });
});
