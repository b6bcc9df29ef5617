import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterBox } from './newsletter-box';

const openBox = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Newsletter' }));
  return screen.getByRole('dialog', { name: 'Newsletter' });
};
const emailField = () => screen.getByLabelText('Subscribe to our newsletter');

describe('Newsletter box', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens from its button and closes on a click outside it', () => {
    render(
      <div>
        <p>Outside</p>
        <NewsletterBox />
      </div>,
    );
    expect(openBox()).toHaveClass('w-72');

    fireEvent.mouseDown(screen.getByText('Outside'));

    expect(screen.queryByRole('dialog', { name: 'Newsletter' })).toBeNull();
  });

  it('closes on Escape and gives the focus back to its button', () => {
    render(<NewsletterBox />);
    openBox();

    fireEvent.keyDown(document, { key: 'Escape' });

    expect(screen.queryByRole('dialog', { name: 'Newsletter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Newsletter' })).toHaveFocus();
  });

  it('refuses an invalid email without submitting', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows Joining..., thanks the visitor after 1 s and closes 3 s later, with no server call', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: 'visitor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for subscribing!');
    expect(emailField()).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('dialog', { name: 'Newsletter' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
