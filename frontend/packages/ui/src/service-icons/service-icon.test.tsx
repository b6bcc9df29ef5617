import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceIcon } from './service-icon';

describe('ServiceIcon', () => {
  it('draws the named icon in its colour', () => {
    render(<ServiceIcon name="faPalette" />);

    const icon = screen.getByTestId('service-icon');
    expect(icon).toHaveAttribute('data-icon', 'palette');
    expect(icon).toHaveAttribute('data-icon-color', 'purple');
    expect(icon).toHaveClass('text-purple-600');
    expect(icon.querySelector('svg')).not.toBeNull();
  });

  it('draws a gray database icon for an unknown name', () => {
    render(<ServiceIcon name="faNoSuchIcon" />);

    const icon = screen.getByTestId('service-icon');
    expect(icon).toHaveAttribute('data-icon', 'database');
    expect(icon).toHaveAttribute('data-icon-color', 'gray');
  });
});
