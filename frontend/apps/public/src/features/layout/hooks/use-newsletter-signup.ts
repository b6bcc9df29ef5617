import { useEffect, useRef, useState } from 'react';

export const NEWSLETTER_DELAY_MS = 1000;
export const NEWSLETTER_SUCCESS_CLOSE_MS = 3000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewsletterStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface NewsletterMessage {
  tone: 'success' | 'error';
  text: string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The newsletter sign-up. It is simulated: no server call, a 1 s wait, then success.
 * After a success the field clears, and 3 s later the message clears and `onDone` runs.
 */
export const useNewsletterSignup = (onDone?: () => void) => {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<NewsletterStatus>('idle');
  const [message, setMessage] = useState<NewsletterMessage | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const subscribe = async () => {
    if (!EMAIL_PATTERN.test(email.trim())) {
      setStatus('error');
      setMessage({ tone: 'error', text: 'Please enter a valid email address' });
      return;
    }
    setStatus('submitting');
    setMessage(null);
    try {
      await wait(NEWSLETTER_DELAY_MS);
      setStatus('success');
      setMessage({ tone: 'success', text: 'Thank you for subscribing!' });
      setEmail('');
      clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => {
        setStatus('idle');
        setMessage(null);
        onDoneRef.current?.();
      }, NEWSLETTER_SUCCESS_CLOSE_MS);
    } catch {
      setStatus('error');
      setMessage({ tone: 'error', text: 'Failed to subscribe. Please try again.' });
    }
  };

  return { email, setEmail, status, message, subscribe };
};
