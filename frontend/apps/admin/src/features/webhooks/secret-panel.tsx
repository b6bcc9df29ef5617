import type { WebhookWithSecret } from '@atelier/api-client/api';
import { secondaryButton } from '@/kit/card';
import { useBanners } from '@/kit/feedback/banners';
import { WEBHOOK_MESSAGES } from './webhook-messages';

/** A new secret, shown once with a copy button. */
export function SecretPanel({ shown, onDone }: { shown: WebhookWithSecret; onDone: () => void }) {
  const banners = useBanners();
  const copy = async () => {
    await navigator.clipboard?.writeText(shown.secret);
    banners.success(WEBHOOK_MESSAGES.copied);
  };
  return (
    <section
      aria-label="New signing secret"
      className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
    >
      <p>
        The signing secret of <strong className="break-all">{shown.webhook.url}</strong> is shown
        only now: copy it to the receiver, which verifies each message's{' '}
        <code>webhook-signature</code> with it.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          readOnly
          aria-label="Signing secret"
          value={shown.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-full rounded-lg border border-blue-200 bg-white px-3 py-2 font-mono text-xs text-gray-900 sm:basis-0"
        />
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
