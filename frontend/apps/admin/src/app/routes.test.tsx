import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_BASENAME, routes } from './routes';

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(routes, { basename: ADMIN_BASENAME, initialEntries: [path] })}
    />,
  );

describe('Admin routes', () => {
  it('shows the back office shell at /admin/', () => {
    renderAt('/admin/');

    expect(screen.getByRole('heading', { level: 1, name: 'Atelier back office' })).toBeVisible();
    expect(screen.getByText('Atelier back office — sign-in arrives soon.')).toBeVisible();
  });

  it('renders the shell for any deep link under /admin', () => {
    renderAt('/admin/services/123/edit');

    expect(screen.getByText('Atelier back office — sign-in arrives soon.')).toBeVisible();
    expect(screen.getByTestId('admin-path')).toHaveTextContent('/services/123/edit');
  });
});
