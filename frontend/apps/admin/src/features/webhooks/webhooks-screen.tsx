import {
  getListWebhookDeliveriesQueryKey,
  getListWebhooksQueryKey,
  useDeleteWebhook,
  useListWebhooks,
  useRotateWebhookSecret,
  useSendWebhookTest,
  type Webhook,
  type WebhookWithSecret,
} from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Spinner } from '@atelier/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Card } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { ScreenHeader } from '@/kit/screen-header';
import { DeliveriesCard } from './deliveries-card';
import { EndpointForm } from './endpoint-form';
import { EndpointRow } from './endpoint-row';
import { webhooksScreen } from './screen';
import { SecretPanel } from './secret-panel';
import { WEBHOOK_MESSAGES } from './webhook-messages';

type Pending = { kind: 'rotate' | 'delete'; endpoint: Webhook };

/**
 * /admin/webhooks: the endpoints that hear of the site's events: adding and editing them (URL,
 * description, events, active), their secrets (shown once, rotated after a confirm dialog), a test
 * event, and each endpoint's deliveries with their attempts and 'Redeliver'. An endpoint switched
 * off after a day of failures is named in a banner at the top.
 */
export default function WebhooksScreen() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const banners = useBanners();
  const webhooks = useListWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const test = useSendWebhookTest();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState('');
  const list = webhooks.data?.webhooks ?? [];
  const events = webhooks.data?.events ?? [];
  const disabled = list.filter((endpoint) => endpoint.disabledAt);
  const watched = list.find((endpoint) => endpoint._id === watching) ?? null;
  // Read from the list, so a rotation (a new version) is what the form saves over.
  const editing = list.find((endpoint) => endpoint._id === editingId) ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });

  const confirm = async () => {
    if (!pending) return;
    setFailure('');
    const { endpoint } = pending;
    try {
      if (pending.kind === 'rotate') {
        const answer = await rotate.mutateAsync({ id: endpoint._id });
        setShown(answer);
        banners.success(WEBHOOK_MESSAGES.rotated);
      } else {
        await remove.mutateAsync({ id: endpoint._id });
        if (watching === endpoint._id) setWatching(null);
        if (editingId === endpoint._id) setEditingId(null);
        banners.success(WEBHOOK_MESSAGES.deleted);
      }
      setPending(null);
      await refresh();
    } catch (error) {
      setFailure(
        serverMessageOr(
          error,
          pending.kind === 'rotate'
            ? WEBHOOK_MESSAGES.rotateFailed
            : failedTo('delete', 'endpoint'),
        ),
      );
    }
  };

  const sendTest = async (endpoint: Webhook) => {
    try {
      await test.mutateAsync({ id: endpoint._id });
      banners.success(WEBHOOK_MESSAGES.testQueued);
      setWatching(endpoint._id);
      await queryClient.invalidateQueries({
        queryKey: getListWebhookDeliveriesQueryKey(endpoint._id),
      });
    } catch (error) {
      banners.error(serverMessageOr(error, WEBHOOK_MESSAGES.testFailed));
    }
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl space-y-6">
      <ScreenHeader
        headingId={headingId}
        title={webhooksScreen.title}
        description="Signed messages to other systems (a CRM, a chat, a build) the moment something happens on the site."
      />
      {disabled.map((endpoint) => (
        <div
          key={endpoint._id}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-800"
        >
          {WEBHOOK_MESSAGES.disabled(endpoint.url)}
        </div>
      ))}
      {shown && <SecretPanel shown={shown} onDone={() => setShown(null)} />}
      <Card title="Endpoints" description="Where the site's events are sent.">
        {webhooks.isPending ? (
          <Spinner label="Loading endpoints…" />
        ) : webhooks.isError ? (
          <LoadError
            message={serverMessageOr(webhooks.error, failedTo('fetch', 'webhooks'))}
            onRetry={webhooks.refetch}
          />
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600">No endpoints yet. Add one below.</p>
        ) : (
          <ul aria-label="Endpoints" className="divide-y divide-gray-100">
            {list.map((endpoint) => (
              <EndpointRow
                key={endpoint._id}
                endpoint={endpoint}
                testing={test.isPending}
                onEdit={() => setEditingId(endpoint._id)}
                onDeliveries={() => setWatching(endpoint._id)}
                onTest={() => void sendTest(endpoint)}
                onRotate={() => {
                  setFailure('');
                  setPending({ kind: 'rotate', endpoint });
                }}
                onDelete={() => {
                  setFailure('');
                  setPending({ kind: 'delete', endpoint });
                }}
              />
            ))}
          </ul>
        )}
      </Card>
      {watched && <DeliveriesCard endpoint={watched} onClose={() => setWatching(null)} />}
      {webhooks.isSuccess && (
        <EndpointForm
          editing={editing}
          events={events}
          onCreated={(created) => setShown(created)}
          onDone={() => setEditingId(null)}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'rotate' ? 'Rotate the secret?' : 'Delete endpoint?'}
        message={
          pending
            ? pending.kind === 'rotate'
              ? WEBHOOK_MESSAGES.rotateQuestion(pending.endpoint.url)
              : WEBHOOK_MESSAGES.deleteQuestion(pending.endpoint.url)
            : ''
        }
        confirmLabel={pending?.kind === 'rotate' ? 'Rotate Secret' : 'Delete'}
        busyLabel={pending?.kind === 'rotate' ? 'Rotating…' : 'Deleting…'}
        tone={pending?.kind === 'rotate' ? 'primary' : 'danger'}
        busy={rotate.isPending || remove.isPending}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
