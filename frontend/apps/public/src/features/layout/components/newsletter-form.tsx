import { t } from '@atelier/messages/intl';
import { type FormEvent, useId, useRef } from 'react';
import { FormControls } from '@/components/form-controls';
import { HoneypotField } from '@/components/honeypot-field';
import type { ProofSources } from '@/lib/proof-source';
import { useNewsletterSignup } from '../hooks/use-newsletter-signup';

export interface NewsletterFormProps {
  /** Runs 3 s after a successful sign-up, e.g. to close the box. */
  onDone?: () => void;
  /** Where the proof of work comes from (tests); the server and ALTCHA's solver by default. */
  proof?: ProofSources;
}

export function NewsletterForm({ onDone, proof: proofSources }: NewsletterFormProps) {
  const honeypot = useRef<HTMLInputElement>(null);
  const { email, setEmail, status, message, subscribe, proof } = useNewsletterSignup(
    onDone,
    () => honeypot.current?.value ?? '',
    proofSources,
  );
  const fieldId = useId();
  const submitting = status === 'submitting';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void subscribe();
  };

  return (
    // The proof of work is searched for from the box's first focus: most visitors never use it.
    <form noValidate onSubmit={onSubmit} onFocus={proof.prepare}>
      <FormControls className="space-y-3">
        <label htmlFor={fieldId} className="block text-sm font-semibold text-gray-800">
          {t('newsletter.label')}
        </label>
        <input
          id={fieldId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('newsletter.placeholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
        <HoneypotField ref={honeypot} defaultValue="" />
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-md bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {submitting ? t('newsletter.joining') : t('newsletter.join')}
        </button>
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={`text-sm ${message.tone === 'error' ? 'text-red-600' : 'text-green-600'}`}
          >
            {message.text}
          </p>
        )}
      </FormControls>
    </form>
  );
}
