import { describe, expect, it } from 'vitest';
import { adminCall, signedInSuite, signInPage } from '../support/admin-session';
import { serverUrl } from '../support/base-url';
import { clickUntilShown } from '../support/browser';

const baseUrl = serverUrl();

interface SubscriberList {
  subscribers: { _id: string; email: string; status: string; unsubscribeUrl: string }[];
  totalItems: number;
}

/** The page's HTML as the server sends it: no script has run. */
const rawPage = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
};

const attribute = (element: string, name: string) =>
  element.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** The head's `<link>` elements with this `rel`. */
const links = (html: string, rel: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((element) => attribute(element, 'rel') === rel);

const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe('Found and followed: the pages as crawlers get them, and the newsletter', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('sends every page its meta and the feed link before any script, and the feed is there', async () => {
    for (const path of ['/', '/blog', '/portfolio', '/about']) {
      const { status, html } = await rawPage(path);
      expect(status, path).toBe(200);
      expect(html.match(/<title>([^<]+)<\/title>/)?.[1], path).toMatch(/Atelier/);
      expect(metaOf(html, 'description'), path).toBeTruthy();
      expect(metaOf(html, 'og:title'), path).toBeTruthy();
      expect(links(html, 'canonical').map((link) => attribute(link, 'href'))).toEqual([
        `${baseUrl}${path}`,
      ]);
      const feeds = links(html, 'alternate');
      expect(feeds, path).toHaveLength(1);
      expect(attribute(feeds[0] as string, 'type')).toBe('application/rss+xml');
      expect(attribute(feeds[0] as string, 'href')).toBe(`${baseUrl}/rss.xml`);
    }

    const feed = await fetch(`${baseUrl}/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await feed.text()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/,
    );
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/blog</loc>`);
    expect(sitemap).not.toContain('/newsletter/');
  });

  it('keeps the newsletter link pages out of search, each a form that works without scripts', async () => {
    const { status, html } = await rawPage('/newsletter/unsubscribe?token=abc');
    expect(status).toBe(200);
    expect(metaOf(html, 'robots')).toBe('noindex');
    expect(html).toMatch(
      /<form[^>]* method="post"><button type="submit"[^>]*>Unsubscribe<\/button>/,
    );
  });

  it('signs up in the header box, shows the address in the back office, and unsubscribes by its link', async () => {
    const { page } = browser();
    const email = `reader-${Date.now()}@example.com`;

    await page.goto(`${baseUrl}/`);
    const box = page.getByRole('dialog', { name: 'Newsletter' });
    await clickUntilShown(page.getByRole('button', { name: 'Newsletter' }), box);
    await box.getByLabel('Subscribe to our newsletter').fill(email.toUpperCase());
    await box.getByRole('button', { name: 'Join' }).click();
    await box.getByText('Thank you for subscribing!').waitFor();

    await signInPage(page, baseUrl, session());
    await page.goto(`${baseUrl}/admin/newsletter?q=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { level: 1, name: 'Newsletter Subscribers' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Not confirmed');
    await page.getByText('Showing 1–1 of 1').waitFor();

    const listed = await adminCall<SubscriberList>(
      baseUrl,
      session(),
      'GET',
      `/newsletter/subscribers?search=${encodeURIComponent(email)}`,
    );
    expect(listed.subscribers.map((subscriber) => subscriber.email)).toEqual([email]);
    const link = listed.subscribers[0]?.unsubscribeUrl ?? '';
    expect(link.startsWith(`${baseUrl}/newsletter/unsubscribe?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'You Are Unsubscribed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/newsletter/unsubscribed');
    const after = await adminCall<SubscriberList>(
      baseUrl,
      session(),
      'GET',
      `/newsletter/subscribers?search=${encodeURIComponent(email)}`,
    );
    expect(after.totalItems).toBe(0);
  });
});
