import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSiteRouter } from './router';

const Page = () => null;
describe('createSiteRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/docs'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('loads the modules of the pages the address shows, and only those', async () => {
    const docs = vi.fn(async () => ({ Component: Page }));
    const other = vi.fn(async () => ({ Component: Page }));
    const table: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'docs', lazy: docs },
          { path: 'other', lazy: other },
        ],
      },
    ];

    const { router, pageLoaded } = await createSiteRouter(table);

    expect(pageLoaded).toBe(true);
    expect([docs.mock.calls.length, other.mock.calls.length]).toEqual([1, 0]);
    expect(router.state.initialized).toBe(true);
    // The router draws the loaded page at once: its route holds the element, nothing left to load.
    const route = router.state.matches.at(-1)?.route;
    expect((route?.element as ReactElement | undefined)?.type).toBe(Page);
    expect(route?.lazy).toBeUndefined();
    router.dispose();
  });

  it('says when a page module could not be loaded, and leaves it to the router to retry', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const table: RouteObject[] = [{ path: '/docs', lazy: failing }];

    const { router, pageLoaded } = await createSiteRouter(table);

    expect(pageLoaded).toBe(false);
    expect(table[0]?.lazy).toBe(failing);
    router.dispose();
  });
});
