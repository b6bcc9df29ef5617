import { t } from '@atelier/messages/intl';

export interface ProofOfWorkStatusProps {
  /** A send is waiting for the form's proof of work. */
  waiting: boolean;
}

/**
 * Tells screen readers, politely and without moving focus, that a send waits for the anti-spam
 * check; silent otherwise (the check runs in the background while the form is filled in).
 */
export function ProofOfWorkStatus({ waiting }: ProofOfWorkStatusProps) {
  return (
    <p aria-live="polite" className="sr-only" data-testid="proof-of-work-status">
      {waiting ? t('form.proofWaiting') : ''}
    </p>
  );
}
