//! What the server's list of pre-rendered pages (`pages.json`) says of each page beyond its file:
//! the pictures only the build can draw, the preview the server fills in, the cover to preload.
import { PostPreview } from '@atelier/site/post-preview';
import { ProjectPreview } from '@atelier/site/project-preview';
import { starParts } from '@atelier/ui/star-rating';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { homeParts } from '../app/home-parts';
import { CARD_IMAGE_SIZES, ListPreview } from '../components/list-preview';
import { aboutParts } from '../features/about/components/about-page';
import { BlogCardPreview } from '../features/blog/components/blog-card';
import { footerParts } from '../features/layout/components/footer-parts';
import { policyParts } from '../features/policies/components/policy-page';
import { ProjectCardPreview } from '../features/portfolio/components/project-card';
import { serviceCardParts } from '../features/services/components/service-card-parts';
import { addressOf } from './pages';
import type { EarlyRequests } from './render-page';

/**
 * One page of the server's list of pre-rendered pages (`pages.json`): the server fills each page's
 * head from it and from the database (title with the settings' site name, description, canonical
 * address, link previews, structured data), and lists its address in the sitemap.
 */
export interface PageEntry {
  /** The route's pattern, e.g. `/blog/:slug`; `/404` for the not-found page. */
  pattern: string;
  file: string;
  /** The page's name, without the site's. */
  name: string;
  description: string;
  /** `false` for a page search engines are asked not to list; absent otherwise. */
  index?: false;
  /**
   * The `sizes` of the record's cover a page draws first (a post's, a project's; a list's first
   * card's): the server writes a preload link of the cover into the page, offering the same copies
   * as its `<img>`.
   */
  coverSizes?: string;
  /**
   * The preview the server fills in and puts into the page's preview slot: a post's and a
   * project's page, the record's; a list's page, the list's, with its first cards (`card`) where
   * it says `{{cards}}` (`@atelier/site/preview` says how).
   */
  preview?: string;
  /** A list's page: one card of its preview, filled in from each of the list's first records. */
  card?: string;
  /**
   * A page whose content the server writes (`/services`): the markup of the pictures it draws that
   * only the build can make (icons), by name.
   */
  parts?: Record<string, string>;
}

/** The pictures the server's content of a page takes from the build, by route pattern. */
const PARTS: Record<string, () => Record<string, ReactElement>> = {
  '/': homeParts,
  '/services': serviceCardParts,
  '/project/:slugOrId': starParts,
  '/about': () => ({ ...aboutParts(), ...starParts() }),
  '/privacy-policy': policyParts('privacy'),
  '/terms-of-service': policyParts('terms'),
  '/cookie-policy': policyParts('cookies'),
};

/** The markup of the parts the server's content of the page at `pattern` draws, when it has any. */
export const partsOf = (pattern: string): Pick<PageEntry, 'parts'> => {
  const parts = PARTS[pattern];
  if (!parts) return {};
  return { parts: markupOf(parts()) };
};

const markupOf = (parts: Record<string, ReactElement>) =>
  Object.fromEntries(
    Object.entries(parts).map(([name, element]) => [name, renderToStaticMarkup(element)]),
  );

/**
 * The pictures every page's footer draws that only the build can make (`footerParts`): `parts` of
 * `pages.json` itself, for the footer the server writes into every page.
 */
export const sharedParts = (): Record<string, string> => markupOf(footerParts());

/** What the server fills into a page's preview slot. */
interface Preview {
  preview: () => ReactElement;
  /** A list's card, filled in once per record. */
  card?: () => ReactElement;
  /** How wide a list's card draws its picture. */
  coverSizes?: string;
}

/** The previews of the pages the server fills in, by route pattern. */
const PREVIEWS: Record<string, Preview> = {
  '/blog/:slug': { preview: () => <PostPreview /> },
  '/project/:slugOrId': { preview: () => <ProjectPreview /> },
  '/blog': {
    preview: () => <ListPreview />,
    card: () => <BlogCardPreview />,
    coverSizes: CARD_IMAGE_SIZES,
  },
  '/portfolio': {
    preview: () => <ListPreview />,
    card: () => <ProjectCardPreview />,
    coverSizes: CARD_IMAGE_SIZES,
  },
};

/**
 * The markup of the page's preview (and a list's card), placeholders and all, when it has one; its
 * links under `basename` (`/de`), the language's.
 */
export const previewOf = (
  pattern: string,
  basename = '',
): Pick<PageEntry, 'preview' | 'card' | 'coverSizes'> => {
  const entry = PREVIEWS[pattern];
  if (!entry) return {};
  const address = addressOf(pattern);
  const markup = (element: ReactElement) =>
    renderToStaticMarkup(
      <MemoryRouter
        basename={basename || undefined}
        initialEntries={[basename && address === '/' ? basename : `${basename}${address}`]}
      >
        {element}
      </MemoryRouter>,
    );
  return {
    preview: markup(entry.preview()),
    ...(entry.card ? { card: markup(entry.card()) } : {}),
    ...(entry.coverSizes ? { coverSizes: entry.coverSizes } : {}),
  };
};

/** The `sizes` of the first image a page's early requests name: the picture it draws first. */
export const coverOf = (early: EarlyRequests): Pick<PageEntry, 'coverSizes'> => {
  const sizes = early.requests.flatMap((request) => request.images ?? [])[0]?.sizes;
  return sizes ? { coverSizes: sizes } : {};
};
