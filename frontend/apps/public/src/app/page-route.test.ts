import { describe, expect, it } from 'vitest';
import { page, pageHandle } from './page-route';

const head = { description: 'head.notFound.description' } as const;

describe('pageHandle', () => {
  it('reads a page’s module, head and early requests', () => {
    const early = () => [{ path: '/blog' }];
    expect(pageHandle({ handle: { module: 'src/app/routes/blog.tsx', head, early } })).toEqual({
      module: 'src/app/routes/blog.tsx',
      head,
      early,
    });
  });

  it('leaves out early requests a page does not send', () => {
    expect(pageHandle({ handle: { module: 'm', head } })).toEqual({ module: 'm', head });
  });

  it('answers nothing for a route that is not a page', () => {
    expect(pageHandle({})).toBeUndefined();
    expect(pageHandle({ handle: { head } })).toBeUndefined();
    expect(pageHandle({ handle: { module: 'm' } })).toBeUndefined();
  });
});

describe('page', () => {
  it('names the module the build manifest knows and loads the page’s component', async () => {
    const route = page('not-found', 'NotFoundRoute', head);
    expect(route.handle).toEqual({ module: 'src/app/routes/not-found.tsx', head });
    const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
    expect(typeof loaded.Component).toBe('function');
  });

  it('refuses a module that does not exist', () => {
    expect(() => page('nowhere', 'Nowhere', head)).toThrow(
      'The routing table names ./routes/nowhere.tsx, which does not exist',
    );
  });

  it('refuses a module without the component it names', async () => {
    const route = page('not-found', 'Missing', head);
    await expect((route.lazy as () => Promise<unknown>)()).rejects.toThrow(
      './routes/not-found.tsx exports no Missing',
    );
  });
});
