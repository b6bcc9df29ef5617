import { serverMessageOr } from '@atelier/api-client/http';
import { t } from '@atelier/messages/intl';
import { FormField } from '@atelier/ui/form-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { FormControls } from '@/components/form-controls';
import { HoneypotField } from '@/components/honeypot-field';
import { inputClass } from '@/components/input-class';
import { ProofOfWorkStatus } from '@/components/proof-of-work-status';
import { type ProofOfWorkOptions, useProofOfWork } from '@/hooks/use-proof-of-work';
import {
  type ContactPayload,
  type ContactValues,
  contactSchema,
  EMPTY_CONTACT,
  toContactPayload,
} from '../contact-schema';

/** The success and error messages disappear after this long. */
export const CONTACT_MESSAGE_MS = 5000;

export interface ContactFormProps {
  /** Sends the message; rejects on failure. */
  submit: (payload: ContactPayload) => Promise<unknown>;
  /** Where the proof of work comes from (tests); the server and ALTCHA's solver by default. */
  proof?: ProofOfWorkOptions;
}

type Notice = { tone: 'success' | 'error'; text: string };

/** The contact form (public-site.md §4): clears on success; messages last 5 s. */
export function ContactForm({ submit, proof: proofSources }: ContactFormProps) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const proof = useProofOfWork(proofSources);
  const { prepare } = proof;
  const submitting = useRef(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY_CONTACT,
    reValidateMode: 'onSubmit',
  });

  // The search starts as soon as the form is shown, so sending is not delayed.
  useEffect(() => {
    prepare();
  }, [prepare]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), CONTACT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const field = (name: FieldPath<ContactValues>) =>
    register(name, { onChange: () => clearErrors(name) });
  const message = (name: keyof ContactValues) => errors[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    if (submitting.current) return;
    submitting.current = true;
    setNotice(null);
    try {
      const proofOfWork = await proof.take();
      await submit(toContactPayload(contactSchema.parse(values), proofOfWork));
      reset(EMPTY_CONTACT);
      setNotice({ tone: 'success', text: t('contact.sent') });
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessageOr(error, t('contact.failed')) });
      prepare();
    } finally {
      submitting.current = false;
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('contact.form')}
      data-proof={proof.state}
      className="relative rounded-2xl bg-white p-6 shadow-lg sm:p-8"
    >
      <FormControls className="space-y-5">
        <h2 className="text-2xl font-bold text-gray-900">{t('contact.formHeading')}</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t('contact.name')} required error={message('name')} announceError>
            {(ids) => (
              <input
                type="text"
                autoComplete="name"
                required
                className={inputClass}
                {...ids}
                {...field('name')}
              />
            )}
          </FormField>
          <FormField label={t('contact.email')} required error={message('email')} announceError>
            {(ids) => (
              <input
                type="email"
                autoComplete="email"
                required
                className={inputClass}
                {...ids}
                {...field('email')}
              />
            )}
          </FormField>
        </div>
        <FormField label={t('contact.subject')} required error={message('subject')} announceError>
          {(ids) => (
            <input type="text" required className={inputClass} {...ids} {...field('subject')} />
          )}
        </FormField>
        <FormField label={t('contact.message')} required error={message('message')} announceError>
          {(ids) => (
            <textarea rows={6} required className={inputClass} {...ids} {...field('message')} />
          )}
        </FormField>
        <HoneypotField {...register('website')} />
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-full bg-blue-600 px-6 py-3 font-semibold text-white shadow hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting ? t('contact.sending') : t('contact.send')}
        </button>
        <ProofOfWorkStatus waiting={proof.waiting} />
        <div aria-live="polite">
          {notice && (
            <p
              role={notice.tone === 'error' ? 'alert' : 'status'}
              data-testid="contact-toast"
              className={`rounded-lg px-4 py-3 text-sm ${
                notice.tone === 'error'
                  ? 'border border-red-300 bg-red-50 text-red-700'
                  : 'border border-green-300 bg-green-50 text-green-800'
              }`}
            >
              {notice.text}
            </p>
          )}
        </div>
      </FormControls>
    </form>
  );
}
