import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState } from './list-state';

const OPTIONS = { filterKeys: ['type'], pageSizes: [10], defaultSize: 10, defaultSort: '' };

describe('useListState', () => {
  it('builds each change on the one before, even before the screen renders again', () => {
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '/list', element: children }], {
        initialEntries: ['/list?q=ru'],
      });
      return <RouterProvider router={router} />;
    };
    const { result } = renderHook(() => useListState(OPTIONS), { wrapper });

    // A debounced search clears the box, and a chip is clicked in the same moment.
    act(() => {
      const [, update] = result.current;
      update({ q: '' });
      update({ filters: { type: 'general' } });
    });
    expect(router?.state.location.search).toBe('?type=general');
    expect(result.current[0]).toMatchObject({ q: '', filters: { type: 'general' } });
  });
});
