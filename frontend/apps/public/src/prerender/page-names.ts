//! What a pre-rendered page is called: its name, and its title with the site's.

import { decodeHtml } from './html-text';
import type { RenderedHead } from './render-page';

/**
 * The name a page gives itself: its route's title, else its one heading when that is known at
 * build time; the name of a page whose heading is data (a post) is its route's title.
 */
export const pageName = (head: RenderedHead, html: string): string | undefined => {
  if (head.title) return head.title;
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)];
  const text =
    headings.length === 1 ? decodeHtml((headings[0]?.[1] ?? '').replace(/<[^>]*>/g, '')) : '';
  return text.trim() || undefined;
};

/** The title of a page called `name`: the site's name first on the home page, last elsewhere. */
export const titleOf = (pattern: string, name: string) =>
  pattern === '/' ? `${SITE_NAME} | ${name}` : `${name} | ${SITE_NAME}`;

/** The built-in name of the site, until the server fills in the settings' one. */
const SITE_NAME = 'Atelier';
