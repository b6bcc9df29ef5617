//! What a page of the routing table is: its module (loaded when the page is first shown), what it
//! says about itself, and the API requests its pre-rendered HTML sends first.

import type { MessageId } from '@atelier/messages/intl';
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';

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
  /**
   * Top-level fields of the answer naming images the page shows first, with the `sizes` the page
   * draws them at: fetched as the answer arrives (the WebP copy the page will pick, for a library
   * image the answer's `images` describe).
   */
  images?: { field: string; sizes: string }[];
}

/**
 * What a page says about itself to search engines and link previews (see `prerender.tsx`), as ids of
 * the catalogues' messages.
 */
export interface PageHead {
  /**
   * The page's name in its title, when not its one heading (the home page's); the server adds
   * the site's name from the settings.
   */
  title?: MessageId;
  /**
   * Its meta description. A post or project page gives its record's instead, and the home page
   * the settings' site description when there is one.
   */
  description: MessageId;
  /** `false` for a page search engines are asked not to list (and the sitemap leaves out). */
  index?: false;
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
  head: PageHead;
}

/** The `handle` of a route, when it is a page. */
export const pageHandle = (route: { handle?: unknown }): PageHandle | undefined => {
  const handle = route.handle as Partial<PageHandle> | undefined;
  if (typeof handle?.module !== 'string' || !handle.head) return undefined;
  return {
    module: handle.module,
    head: handle.head,
    ...(handle.early ? { early: handle.early } : {}),
  };
};

/** A route showing the component `component` of `routes/<file>.tsx`. */
export const page = (
  file: string,
  component: string,
  head: PageHead,
  early?: PageHandle['early'],
): Pick<RouteObject, 'handle' | 'lazy'> => {
  const key = `./routes/${file}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`The routing table names ${key}, which does not exist`);
  const handle: PageHandle = {
    module: `src/app/routes/${file}.tsx`,
    head,
    ...(early ? { early } : {}),
  };
  return {
    handle,
    lazy: async () => {
      const Component = (await load())[component];
      if (!Component) throw new Error(`${key} exports no ${component}`);
      return { Component };
    },
  };
};
