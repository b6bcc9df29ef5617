export type BannerTone = 'success' | 'error';

export interface BannerProps {
  tone: BannerTone;
  message: string;
  onDismiss: () => void;
}

/**
 * A success or error message at the top of a screen. Errors are alerts, successes a polite status,
 * so screen readers announce both without moving focus.
 */
export function Banner({ tone, message, onDismiss }: BannerProps) {
  const success = tone === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm shadow-sm ${
        success
          ? 'border-green-200 bg-green-50 text-green-800'
          : 'border-red-200 bg-red-50 text-red-800'
      }`}
    >
      <span>{message}</span>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-my-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
