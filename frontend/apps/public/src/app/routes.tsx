import {
  getGetPortfolioProjectBySlugUrl,
  getGetPublishedBlogPostBySlugUrl,
  getListTagsUrl,
  getListTechnologiesUrl,
} from '@atelier/api-client/api';
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import { SiteLayout } from '@/features/layout/components/site-layout';
import { RouteError } from './route-error';

type PageModule = Record<string, ComponentType | undefined>;

/**
 * Every page's module (one file per page in `routes/`), each its own chunk, loaded when the page is
 * first shown. Only the layout is in the entry chunk.
 */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** A GET a pre-rendered page sends before its scripts arrive. */
export interface EarlyRequest {
  /** The API path, without `/api`. */
  path: string;
  /** Top-level fields of the answer naming images the page shows first: fetched as it arrives. */
  images?: string[];
}

/** What a page's route carries in `handle`. */
export interface PageHandle {
  /** The page's module as the build manifest names it, e.g. `src/app/routes/blog.tsx`. */
  module: string;
  /**
   * The requests the page sends first, for its route's `params`: the pre-rendered page sends them
   * while its scripts load (see `prerender.tsx`).
   */
  early?: (params: Params) => EarlyRequest[];
}

/** The `handle` of a route, when it is a page. */
export const pageHandle = (route: { handle?: unknown }): PageHandle | undefined => {
  const handle = route.handle as Partial<PageHandle> | undefined;
  if (typeof handle?.module !== 'string') return undefined;
  return { module: handle.module, ...(handle.early ? { early: handle.early } : {}) };
};

/** A route showing the component `component` of `routes/<file>.tsx`. */
const page = (
  file: string,
  component: string,
  early?: PageHandle['early'],
): Pick<RouteObject, 'handle' | 'lazy'> => {
  const key = `./routes/${file}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`The routing table names ${key}, which does not exist`);
  const handle: PageHandle = { module: `src/app/routes/${file}.tsx`, ...(early ? { early } : {}) };
  return {
    handle,
    lazy: async () => {
      const Component = (await load())[component];
      if (!Component) throw new Error(`${key} exports no ${component}`);
      return { Component };
    },
  };
};

/** The public site's routing table (public-site.md §2). */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page('home', 'HomeRoute') },
      { path: 'about', ...page('about', 'AboutPage') },
      { path: 'services', ...page('services', 'ServicesRoute') },
      { path: 'portfolio', ...page('portfolio', 'PortfolioPage') },
      {
        path: 'project/:slugOrId',
        ...page('project', 'ProjectPage', ({ slugOrId = '' }) => [
          { path: getGetPortfolioProjectBySlugUrl(slugOrId) },
          { path: getListTechnologiesUrl({ limit: 100 }) },
          { path: getListTagsUrl() },
        ]),
      },
      { path: 'blog', ...page('blog', 'BlogListPage') },
      {
        path: 'blog/:slug',
        ...page('blog-post', 'BlogPostPage', ({ slug = '' }) => [
          { path: getGetPublishedBlogPostBySlugUrl(slug), images: ['featuredImage'] },
        ]),
      },
      { path: 'contact', ...page('contact', 'ContactRoute') },
      { path: 'discuss-project', ...page('discuss-project', 'DiscussProjectRoute') },
      { path: 'custom-service', ...page('custom-service', 'CustomServiceRoute') },
      { path: 'faq', ...page('faq', 'FaqPage') },
      { path: 'privacy-policy', ...page('policies', 'PrivacyPolicyRoute') },
      { path: 'terms-of-service', ...page('policies', 'TermsOfServiceRoute') },
      { path: 'cookie-policy', ...page('policies', 'CookiePolicyRoute') },
      { path: '*', ...page('not-found', 'NotFoundRoute') },
    ],
  },
];
