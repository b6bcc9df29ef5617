import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challenge, answer as proof } from '@/test/proof-of-work';
import { NewsletterBox } from './newsletter-box';

const openBox = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Newsletter' }));
  return screen.getByRole('dialog', { name: 'Newsletter' });
};
const emailField = () => screen.getByLabelText('Subscribe to our newsletter');
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
/** The server: a challenge for `GET /api/challenge` (the box's proof of work), `post()` for the sign-up. */
const server = (post: () => Response) =>
  vi.fn(async (url: string) =>
    url.endsWith('/api/challenge') ? answer(200, challenge()) : post(),
  );
/** The sign-ups a fetch spy saw (the challenges left out). */
const signUps = (spy: ReturnType<typeof vi.fn>) =>
  (spy.mock.calls as unknown as [string, RequestInit][]).filter(
    ([, init]) => init?.method === 'POST',
  );

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
    const fetchSpy = server(() => answer(202, { confirmationRequired: false }));
    vi.stubGlobal('fetch', fetchSpy);
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(signUps(fetchSpy)).toHaveLength(0);
  });

  it('stores the address with the server, thanks the visitor and closes 3 s later', async () => {
    const fetchSpy = server(() => answer(202, { confirmationRequired: false }));
    vi.stubGlobal('fetch', fetchSpy);
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: ' visitor@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();

    // The box's proof of work loads with its first use.
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Thank you for subscribing!'),
    );
    expect(emailField()).toHaveValue('');
    expect(signUps(fetchSpy)).toHaveLength(1);
    const [url, init] = signUps(fetchSpy)[0] as [string, RequestInit];
    expect(url).toBe('/api/newsletter/subscribers');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'visitor@example.com',
      website: '',
      proofOfWork: proof(),
    });

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('dialog', { name: 'Newsletter' })).toBeNull();
  });

  it('says the failure text when the server fails, and keeps the box and the address', async () => {
    vi.stubGlobal(
      'fetch',
      server(() => answer(500, { message: 'Internal server error' })),
    );
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: 'visitor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.');
    expect(emailField()).toHaveValue('visitor@example.com');
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it("passes on the server's word when the sign-up limit is reached", async () => {
    vi.stubGlobal(
      'fetch',
      server(() =>
        answer(429, { message: 'Too many submissions. Please try again in 10 minutes.' }),
      ),
    );
    render(<NewsletterBox />);
    openBox();

    fireEvent.change(emailField(), { target: { value: 'visitor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many submissions. Please try again in 10 minutes.',
    );
  });

  it('starts its anti-spam check when first focused, not before', async () => {
    const fetchSpy = server(() => answer(202, { confirmationRequired: false }));
    vi.stubGlobal('fetch', fetchSpy);
    render(<NewsletterBox />);
    expect(fetchSpy).not.toHaveBeenCalled();
    openBox();
    fireEvent.focus(emailField());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/api/challenge']);
  });

  it('sends the hidden honeypot field people never fill', async () => {
    const fetchSpy = server(() => answer(202, { confirmationRequired: false }));
    vi.stubGlobal('fetch', fetchSpy);
    const { container } = render(<NewsletterBox />);
    openBox();
    const honeypot =
      container.ownerDocument.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot?.tabIndex).toBe(-1);
    fireEvent.change(honeypot as HTMLInputElement, { target: { value: 'https://spam.example' } });

    fireEvent.change(emailField(), { target: { value: 'bot@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    const [, init] = signUps(fetchSpy)[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'bot@example.com',
      website: 'https://spam.example',
      proofOfWork: proof(),
    });
  });
});
