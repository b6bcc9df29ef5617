import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('Chunk failed to load');
}

describe('Router failure page', () => {
  it('says Unexpected Application Error! with the message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Chunk failed to load');
  });
});
