import { mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('Custom service page', () => {
  it('is a placeholder that leads to the project request form', async () => {
    mockApi({});
    renderRoute('/custom-service');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom Services' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discuss Your Project' })).toHaveAttribute(
      'href',
      '/discuss-project',
    );
  });
});
