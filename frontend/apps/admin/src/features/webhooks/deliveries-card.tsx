import {
  getListWebhookDeliveriesQueryKey,
  useListWebhookDeliveries,
  useRedeliverWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@atelier/api-client/api';
import { Spinner } from '@atelier/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { StatusBadge } from '@/kit/list/status-badge';
import { shortDateTime } from '@/kit/values';
import { smallButton, WEBHOOK_MESSAGES } from './webhook-messages';

/** One delivery: its event, where it stands, its attempts (status, time, answer) and 'Redeliver'. */
function DeliveryRow({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const last = delivery.attemptLog.at(-1);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm text-gray-900">{delivery.eventType}</p>
          <p className="text-xs text-gray-600">
            Queued {shortDateTime(delivery.createdAt)}
            {delivery.status === 'pending' && (
              <> · next try {shortDateTime(delivery.nextAttemptAt)}</>
            )}
            {last && <> · last answer {last.status ?? 'none'}</>}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={delivery.status} />
          <button
            type="button"
            className={smallButton}
            disabled={busy}
            aria-label={`Redeliver the ${delivery.eventType} message of ${shortDateTime(delivery.createdAt)}`}
            onClick={onRedeliver}
          >
            Redeliver
          </button>
        </div>
      </div>
      {delivery.attemptLog.length > 0 && (
        <details className="rounded-lg bg-gray-50 px-3 py-2 text-sm">
          <summary className="cursor-pointer text-gray-700">
            {delivery.attemptLog.length === 1
              ? '1 attempt'
              : `${delivery.attemptLog.length} attempts`}
          </summary>
          <ol className="mt-2 space-y-2">
            {delivery.attemptLog.map((attempt) => (
              <li key={attempt.attemptedAt} className="border-t border-gray-200 pt-2">
                <p className="text-gray-800">
                  {shortDateTime(attempt.attemptedAt)} · status {attempt.status ?? 'none'} ·{' '}
                  {attempt.durationMs} ms
                </p>
                {attempt.error && <p className="text-red-700">{attempt.error}</p>}
                {attempt.excerpt && (
                  <pre className="mt-1 max-h-40 overflow-auto break-all whitespace-pre-wrap rounded bg-white p-2 font-mono text-xs text-gray-800">
                    {attempt.excerpt}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** The endpoint's latest deliveries, newest first, with each attempt's outcome. */
export function DeliveriesCard({ endpoint, onClose }: { endpoint: Webhook; onClose: () => void }) {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const deliveries = useListWebhookDeliveries(endpoint._id, {
    query: { refetchInterval: 5_000 },
  });
  const redeliver = useRedeliverWebhook();
  const onRedeliver = async (delivery: WebhookDelivery) => {
    try {
      await redeliver.mutateAsync({ id: endpoint._id, deliveryId: delivery._id });
      banners.success(WEBHOOK_MESSAGES.redelivered);
    } catch (error) {
      banners.error(serverMessageOr(error, WEBHOOK_MESSAGES.redeliverFailed));
    } finally {
      await queryClient.invalidateQueries({
        queryKey: getListWebhookDeliveriesQueryKey(endpoint._id),
      });
    }
  };
  const list = deliveries.data?.deliveries ?? [];
  return (
    <Card
      title="Deliveries"
      description={`The latest messages to ${endpoint.url}, newest first. Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.`}
      footer={
        <button type="button" className={smallButton} onClick={onClose}>
          Close deliveries
        </button>
      }
    >
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries…" />
      ) : deliveries.isError ? (
        <LoadError
          message={serverMessageOr(deliveries.error, failedTo('fetch', 'deliveries'))}
          onRetry={deliveries.refetch}
        />
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600">
          No deliveries yet. Send a test event to try the endpoint.
        </p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-gray-100">
          {list.map((delivery) => (
            <DeliveryRow
              key={delivery._id}
              delivery={delivery}
              busy={redeliver.isPending}
              onRedeliver={() => void onRedeliver(delivery)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
