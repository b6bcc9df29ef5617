import type { Webhook } from '@atelier/api-client/api';
import { StatusBadge } from '@/kit/list/status-badge';
import { shortDateTime } from '@/kit/values';
import { dangerButton, smallButton } from './webhook-messages';

function statusOf(endpoint: Webhook) {
  if (endpoint.disabledAt) return { status: 'rejected', label: 'Switched off' };
  if (!endpoint.active) return { status: 'inactive', label: 'Inactive' };
  if (endpoint.failingSince) return { status: 'pending', label: 'Failing' };
  return { status: 'active', label: 'Active' };
}

/** One endpoint with its actions. */
export function EndpointRow({
  endpoint,
  onEdit,
  onDeliveries,
  onTest,
  onRotate,
  onDelete,
  testing,
}: {
  endpoint: Webhook;
  onEdit: () => void;
  onDeliveries: () => void;
  onTest: () => void;
  onRotate: () => void;
  onDelete: () => void;
  testing: boolean;
}) {
  const { status, label } = statusOf(endpoint);
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm break-all text-gray-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-gray-600">{endpoint.description}</p>}
          <p className="text-xs text-gray-500">
            {endpoint.events.join(', ')}
            {endpoint.failingSince && <> · failing since {shortDateTime(endpoint.failingSince)}</>}
          </p>
        </div>
        <StatusBadge status={status} label={label} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton}
          onClick={onEdit}
          aria-label={`Edit ${endpoint.url}`}
        >
          Edit
        </button>
        <button
          type="button"
          className={smallButton}
          onClick={onDeliveries}
          aria-label={`Deliveries of ${endpoint.url}`}
        >
          Deliveries
        </button>
        <button
          type="button"
          className={smallButton}
          onClick={onTest}
          disabled={testing}
          aria-label={`Send test event to ${endpoint.url}`}
        >
          Send test event
        </button>
        <button
          type="button"
          className={smallButton}
          onClick={onRotate}
          aria-label={`Rotate secret of ${endpoint.url}`}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className={dangerButton}
          onClick={onDelete}
          aria-label={`Delete ${endpoint.url}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
