import { serverMessageOr } from '@atelier/api-client/http';
import { t } from '@atelier/messages/intl';
import { FormField } from '@atelier/ui/form-field';
import {
  BUDGETS,
  CUSTOM_PROJECT_TYPE,
  PROJECT_TYPES,
  TIMELINES,
} from '@atelier/ui/project-request-options';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { FormControls } from '@/components/form-controls';
import { HoneypotField } from '@/components/honeypot-field';
import { inputClass } from '@/components/input-class';
import { ProofOfWorkStatus } from '@/components/proof-of-work-status';
import { type ProofOfWorkOptions, useProofOfWork } from '@/hooks/use-proof-of-work';
import {
  EMPTY_PROJECT_REQUEST,
  type ProjectRequestPayload,
  type ProjectRequestValues,
  projectRequestSchema,
  toProjectRequestPayload,
} from '../project-request-schema';
import { choices } from './choices';
import { TermsField } from './terms-field';
import { ThankYou } from './thank-you';

/** A failure message disappears after this long. */
export const PROJECT_REQUEST_ERROR_MS = 5000;

export interface ProjectRequestFormProps {
  /** Sends the request; rejects on failure. */
  submit: (payload: ProjectRequestPayload) => Promise<unknown>;
  /** Where the proof of work comes from (tests); the server and ALTCHA's solver by default. */
  proof?: ProofOfWorkOptions;
}

/** The project request form (public-site.md §4, §5): editing, submitting, thank-you. */
export function ProjectRequestForm({ submit, proof: proofSources }: ProjectRequestFormProps) {
  const [sent, setSent] = useState(false);
  const proof = useProofOfWork(proofSources);
  const { prepare } = proof;
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = useRef(false);
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProjectRequestValues>({
    resolver: zodResolver(projectRequestSchema),
    defaultValues: EMPTY_PROJECT_REQUEST,
    reValidateMode: 'onSubmit',
  });
  const projectType = useWatch({ control, name: 'projectType' });

  // The search starts as soon as the form is shown, so sending is not delayed.
  useEffect(() => {
    prepare();
  }, [prepare]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), PROJECT_REQUEST_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  // A field's error clears as soon as the field is edited.
  const field = (name: FieldPath<ProjectRequestValues>) =>
    register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    if (submitting.current) return;
    submitting.current = true;
    setFailure(null);
    try {
      const proofOfWork = await proof.take();
      await submit(toProjectRequestPayload(projectRequestSchema.parse(values), proofOfWork));
      setSent(true);
      reset(EMPTY_PROJECT_REQUEST);
    } catch (error) {
      setFailure(serverMessageOr(error, t('request.failed')));
      prepare();
    } finally {
      submitting.current = false;
    }
  });

  if (sent)
    return (
      <ThankYou
        onAnother={() => {
          setSent(false);
          prepare();
        }}
      />
    );

  const message = (name: keyof ProjectRequestValues) => errors[name]?.message;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('request.form')}
      data-proof={proof.state}
      className="relative rounded-2xl bg-white p-6 shadow-lg sm:p-8"
    >
      <FormControls className="space-y-6">
        <div>
          <h2 className="text-2xl font-bold text-gray-900">{t('request.heading')}</h2>
          <p className="mt-2 text-sm text-gray-600">{t('request.intro')}</p>
        </div>

        {failure && (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700"
          >
            {failure}
          </div>
        )}

        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label={t('request.name')} required error={message('clientName')} announceError>
            {(ids) => (
              <input
                type="text"
                autoComplete="name"
                className={inputClass}
                {...ids}
                {...field('clientName')}
              />
            )}
          </FormField>
          <FormField
            label={t('request.company')}
            required
            error={message('companyName')}
            announceError
          >
            {(ids) => (
              <input
                type="text"
                autoComplete="organization"
                className={inputClass}
                {...ids}
                {...field('companyName')}
              />
            )}
          </FormField>
          <FormField label={t('request.email')} required error={message('email')} announceError>
            {(ids) => (
              <input
                type="email"
                autoComplete="email"
                className={inputClass}
                {...ids}
                {...field('email')}
              />
            )}
          </FormField>
          <FormField label={t('request.phone')} announceError>
            {(ids) => (
              <input
                type="tel"
                autoComplete="tel"
                className={inputClass}
                {...ids}
                {...field('phone')}
              />
            )}
          </FormField>
          <FormField
            label={t('request.type')}
            required
            error={message('projectType')}
            announceError
          >
            {(ids) => (
              <select className={inputClass} {...ids} {...field('projectType')}>
                {choices(t('request.typePlaceholder'), PROJECT_TYPES)}
              </select>
            )}
          </FormField>
          {projectType === CUSTOM_PROJECT_TYPE ? (
            <FormField
              label={t('request.customType')}
              required
              error={message('customProjectType')}
              announceError
            >
              {(ids) => (
                <input
                  type="text"
                  className={inputClass}
                  {...ids}
                  {...field('customProjectType')}
                />
              )}
            </FormField>
          ) : (
            <div className="hidden sm:block" />
          )}
          <FormField label={t('request.budget')} required error={message('budget')} announceError>
            {(ids) => (
              <select className={inputClass} {...ids} {...field('budget')}>
                {choices(t('request.budgetPlaceholder'), BUDGETS)}
              </select>
            )}
          </FormField>
          <FormField
            label={t('request.timeline')}
            required
            error={message('timeline')}
            announceError
          >
            {(ids) => (
              <select className={inputClass} {...ids} {...field('timeline')}>
                {choices(t('request.timelinePlaceholder'), TIMELINES)}
              </select>
            )}
          </FormField>
        </div>

        <FormField
          label={t('request.description')}
          required
          error={message('description')}
          announceError
        >
          {(ids) => (
            <textarea
              rows={5}
              className={inputClass}
              placeholder={t('request.descriptionPlaceholder')}
              {...ids}
              {...field('description')}
            />
          )}
        </FormField>

        <TermsField registration={field('termsAccepted')} error={message('termsAccepted')} />

        <HoneypotField {...register('website')} />
        <ProofOfWorkStatus waiting={proof.waiting} />

        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-full bg-blue-600 px-6 py-3 font-semibold text-white shadow hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting ? t('request.submitting') : t('request.submit')}
        </button>
      </FormControls>
    </form>
  );
}
