import type { ProofOfWork } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { t } from '@atelier/messages/intl';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, challenge, instantProof } from '@/test/proof-of-work';
import { renderWithRouter } from '@/test/render-with-router';
import { ContactForm } from './contact-form';

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText(/Your Name/), ' Grace ');
  await user.type(screen.getByLabelText(/Email Address/), 'Grace@Example.com');
  await user.type(screen.getByLabelText(/Subject/), 'Hello');
  await user.type(screen.getByLabelText(/Message/), 'A question about apps.');
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

describe('Contact form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requires name, email, subject and message, with an email-type input', async () => {
    const submit = vi.fn();
    renderWithRouter(<ContactForm submit={submit} proof={instantProof()} />);

    send();

    const messages = await screen.findAllByRole('alert');
    expect(messages.map((message) => message.textContent)).toEqual([
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]);
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends status new, priority medium, source website, no tags, an empty phone and the honeypot', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderWithRouter(<ContactForm submit={submit} proof={instantProof()} />);
    await fill(user);

    send();

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({
      name: 'Grace',
      email: 'grace@example.com',
      phone: '',
      subject: 'Hello',
      message: 'A question about apps.',
      status: 'new',
      priority: 'medium',
      source: 'website',
      tags: [],
      website: '',
      proofOfWork: answer(),
    });
  });

  it('sends the page and source that began the visit as the message’s attribution', async () => {
    const visit = { landingPage: '/blog/shipping-rust', referrer: 'news.example.com' };
    sessionStorage.setItem('atelier.visit', JSON.stringify(visit));
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderWithRouter(<ContactForm submit={submit} proof={instantProof()} />);
    await fill(user);

    send();

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ attribution: visit });
    sessionStorage.clear();
  });

  it('clears the form and shows the success message for 5 s', async () => {
    const user = userEvent.setup();
    renderWithRouter(<ContactForm submit={vi.fn().mockResolvedValue({})} proof={instantProof()} />);
    await fill(user);
    vi.useFakeTimers();

    await act(async () => send());
    await act(async () => {});

    expect(screen.getByRole('status')).toHaveTextContent(
      "Thank you for your message! We'll get back to you soon.",
    );
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByTestId('contact-toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('contact-toast')).toBeNull();
  });

  it('keeps the text and shows the error for 5 s on failure', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockRejectedValue(new ApiError(500, 'x', { body: {} }));
    renderWithRouter(<ContactForm submit={submit} proof={instantProof()} />);
    await fill(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });

    send();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again.',
    );
    await act(async () => {});
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Hello');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('contact-toast')).toBeNull();
  });

  it('cannot be sent twice while a message is on its way', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(() => new Promise(() => {}));
    renderWithRouter(<ContactForm submit={submit} proof={instantProof()} />);
    await fill(user);

    send();
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest('form') as HTMLFormElement);

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('starts its anti-spam check when shown; a send waiting for it is announced politely, focus stays', async () => {
    const user = userEvent.setup();
    const fetchChallenge = vi.fn(async () => challenge());
    let finish: (proof: ProofOfWork) => void = () => undefined;
    const solve = vi.fn(() => new Promise<ProofOfWork>((resolve) => (finish = resolve)));
    const submit = vi.fn().mockResolvedValue({});
    renderWithRouter(<ContactForm submit={submit} proof={{ fetchChallenge, solve }} />);
    const form = screen.getByRole('form', { name: 'Contact' });

    await waitFor(() => expect(solve).toHaveBeenCalledTimes(1));
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
    expect(form).toHaveAttribute('data-proof', 'solving');
    const region = screen.getByTestId('proof-of-work-status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');

    await fill(user);
    const button = screen.getByRole('button', { name: 'Send Message' });
    await user.click(button);
    await waitFor(() => expect(region).toHaveTextContent(t('form.proofWaiting')));
    expect(submit).not.toHaveBeenCalled();
    // Nothing takes the focus: the message is read out where the reader is.
    expect([button, document.body]).toContain(document.activeElement);
    expect(region).not.toHaveAttribute('tabindex');

    await act(async () => finish(answer()));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ proofOfWork: answer() });
    expect(region).toHaveTextContent('');
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
  });

  it('asks for a new challenge after a refused send, since each answer is used once', async () => {
    const fetchChallenge = vi.fn(async () => challenge());
    const solve = vi.fn(async () => answer());
    const submit = vi.fn().mockRejectedValue(new Error('refused'));
    const user = userEvent.setup();
    renderWithRouter(<ContactForm submit={submit} proof={{ fetchChallenge, solve }} />);
    await fill(user);
    send();
    await screen.findByText(t('contact.failed'));
    await waitFor(() => expect(fetchChallenge).toHaveBeenCalledTimes(2));
  });
});
