import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating, starKinds } from './star-rating';

describe('StarRating', () => {
  it('shows full, half and empty stars', () => {
    expect(starKinds(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starKinds(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starKinds(0.4)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('names the rating for assistive technology', () => {
    render(<StarRating rating={4.5} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
  });
});
