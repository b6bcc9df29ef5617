//! One page's markup as a visitor's browser first draws it, with the modules it shows and the
//! API requests it sends before its scripts arrive.

import { takesLang } from '@atelier/api-client/lang';
import { t } from '@atelier/messages/intl';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { type EarlyRequest, type PageHead, pageHandle } from '../app/page-route';
import { createPublicQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { loadDeferred } from '../lib/deferred';
import { type PageLanguage, PageLanguageProvider } from '../lib/page-language';
import { addressOf } from './pages';

/** The API requests a page sends before its scripts arrive. */
export interface EarlyRequests {
  /** The route's pattern: its `:name` segments are read from the address. */
  pattern: string;
  /**
   * The requests, `:name` standing for those segments in their paths; `lang` on the reads that
   * take the page's language (on another language's page, the script asks in it).
   */
  requests: (EarlyRequest & { lang?: true })[];
}

/** A page's head in the language it is rendered in. */
export interface RenderedHead extends Omit<PageHead, 'title' | 'description'> {
  title?: string;
  description: string;
}

export interface RenderedPage {
  html: string;
  /** The page modules shown, as the build manifest names them. */
  modules: string[];
  early: EarlyRequests;
  /** What the page's route says about it (the innermost page's), in the catalogue's language. */
  head: RenderedHead;
}

/**
 * The markup of the page at `pattern` before any data has arrived, in `language` (its links under
 * its `basename`).
 */
export async function renderPage(
  pattern: string,
  table: RouteObject[] = routes,
  language: PageLanguage = { tag: 'en', basename: '' },
) {
  const { basename } = language;
  const path = `${basename}${basename && addressOf(pattern) === '/' ? '' : addressOf(pattern)}`;
  const { query, dataRoutes } = createStaticHandler(table, basename ? { basename } : undefined);
  const context = await query(new Request(new URL(path, 'http://atelier.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}`);
  // Sections that load apart in the browser (the page's module, loaded now, names them) are in
  // the HTML in full.
  await loadDeferred();
  const router = createStaticRouter(dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <PageLanguageProvider value={language}>
        <QueryClientProvider client={createPublicQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </PageLanguageProvider>
    </StrictMode>,
  );
  const handles = context.matches.flatMap((match) => pageHandle(match.route) ?? []);
  // Each parameter stands for itself (`:slug`), so the paths come out as patterns.
  const patternParams = Object.fromEntries(
    [...pattern.matchAll(/:([^/]+)/g)].map(([segment, name]) => [name, segment]),
  );
  const early = {
    pattern,
    requests: handles.flatMap((handle) =>
      (handle.early?.(patternParams) ?? []).map((request) =>
        takesLang(request.path) ? { ...request, lang: true as const } : request,
      ),
    ),
  };
  const head = handles.at(-1)?.head;
  if (!head) throw new Error(`${path} shows no page`);
  return {
    html,
    modules: handles.map((handle) => handle.module),
    early,
    head: {
      ...head,
      ...(head.title ? { title: t(head.title) } : {}),
      description: t(head.description),
    },
  } satisfies RenderedPage;
}
