import { getChallenge, subscribeToNewsletter } from '@atelier/api-client/api';
import { ApiError, serverMessageOr } from '@atelier/api-client/http';
import { t } from '@atelier/messages/intl';
import { useEffect, useRef, useState } from 'react';
import type { ProofSources, proofSource } from '@/lib/proof-source';

export const NEWSLETTER_SUCCESS_CLOSE_MS = 3000;

/**
 * The box's proof of work, loaded with its first use: the box is on every page, and its code stays
 * out of the pages' first load. `prepare` starts the search (on the box's first focus), `take`
 * waits for the answer (the button says "Joining..." meanwhile).
 */
const useLazyProof = (sources?: ProofSources) => {
  const source = useRef<Promise<ReturnType<typeof proofSource>> | null>(null);
  const load = () => {
    source.current ??= import('@/lib/proof-source').then(
      (lib) => lib.proofSource(sources?.fetchChallenge ?? getChallenge, sources?.solve),
      (error) => {
        source.current = null;
        throw error;
      },
    );
    return source.current;
  };
  return {
    prepare: () => {
      load().then(
        (loaded) => loaded.prepare(),
        () => undefined,
      );
    },
    take: async () => (await load()).take(),
  };
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewsletterStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface NewsletterMessage {
  tone: 'success' | 'error';
  text: string;
}

/**
 * What a failed sign-up says: the server's word on the address (422) or on the limit (429), else
 * the box's failure text.
 */
const failureText = (error: unknown): string => {
  if (error instanceof ApiError && error.kind === 'http') {
    if (error.status === 422) return error.errors?.email ?? t('newsletter.invalid');
    if (error.status === 429) return serverMessageOr(error, t('newsletter.failed'));
  }
  return t('newsletter.failed');
};

/**
 * The newsletter sign-up: `POST /newsletter/subscribers` with the address and the hidden honeypot
 * (`honeypot()` reads it at submit time) and the proof of work, whose search starts when the box is
 * first focused (`proof.prepare`). After a success the field clears, and 3 s later the message
 * clears and `onDone` runs.
 */
export const useNewsletterSignup = (
  onDone?: () => void,
  honeypot?: () => string,
  proofSources?: ProofSources,
) => {
  const proof = useLazyProof(proofSources);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<NewsletterStatus>('idle');
  const [message, setMessage] = useState<NewsletterMessage | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const subscribe = async () => {
    if (status === 'submitting') return;
    if (!EMAIL_PATTERN.test(email.trim())) {
      setStatus('error');
      setMessage({ tone: 'error', text: t('newsletter.invalid') });
      return;
    }
    setStatus('submitting');
    setMessage(null);
    try {
      const proofOfWork = await proof.take();
      await subscribeToNewsletter({
        email: email.trim(),
        website: honeypot?.() ?? '',
        proofOfWork,
      });
      setStatus('success');
      setMessage({ tone: 'success', text: t('newsletter.thanks') });
      setEmail('');
      clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => {
        setStatus('idle');
        setMessage(null);
        onDoneRef.current?.();
      }, NEWSLETTER_SUCCESS_CLOSE_MS);
    } catch (error) {
      setStatus('error');
      setMessage({ tone: 'error', text: failureText(error) });
      proof.prepare();
    }
  };

  return { email, setEmail, status, message, subscribe, proof };
};
