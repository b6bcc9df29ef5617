import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows at most 5 page buttons and marks the current page', () => {
    render(<Pagination label="Pages" page={6} totalPages={12} onPageChange={() => {}} />);

    const pages = screen.getAllByRole('button', { name: /^Page / });
    expect(pages.map((button) => button.textContent)).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves with Previous and Next, which stop at the ends', () => {
    const onPageChange = vi.fn();
    render(<Pagination label="Pages" page={1} totalPages={3} onPageChange={onPageChange} />);

    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it('shows nothing for a single page', () => {
    render(<Pagination label="Pages" page={1} totalPages={1} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
