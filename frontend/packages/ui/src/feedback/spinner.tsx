import { t } from '@atelier/messages/intl';
export interface SpinnerProps {
  /** Announced to assistive technology. */
  label?: string;
  className?: string;
}

/** A spinning ring shown while content loads. */
export function Spinner({ label = t('ui.loading'), className = '' }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      className={`flex justify-center py-8 ${className}`}
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
