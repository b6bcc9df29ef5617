import {
  getListWebhooksQueryKey,
  useCreateWebhook,
  useUpdateWebhook,
  type Webhook,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@atelier/api-client/api';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { secondaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { CheckboxField, TextAreaField, TextField } from '@/kit/fields/fields';
import { FormCard } from '@/kit/form/form-card';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import { isWebUrl } from '@/kit/values';
import { EVENT_LABELS, WEBHOOK_MESSAGES } from './webhook-messages';

const schema = z.object({
  url: z
    .string()
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(2048)
    .refine(isWebUrl, WEBHOOK_MESSAGES.urlInvalid),
  description: z.string().max(500),
  events: z.array(z.string()).min(1, WEBHOOK_MESSAGES.eventsRequired),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;

const blank: Values = { url: '', description: '', events: [], active: true };

const valuesOf = (endpoint: Webhook | null): Values =>
  endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        events: [...endpoint.events],
        active: endpoint.active,
      }
    : blank;

/** The events as checkboxes, in a fieldset named 'Events'. */
function EventsField({ events }: { events: readonly WebhookEvent[] }) {
  const { register, formState } = useFormContext<Values>();
  const legendId = useId();
  const errorId = useId();
  const error = formState.errors.events?.message;
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className="text-sm font-medium text-gray-700">
        Events <span className="text-red-600">*</span>
      </legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {events.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              value={event}
              {...register('events')}
              className="mt-0.5 h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-blue-500"
            />
            <span>
              {EVENT_LABELS[event] ?? event}
              <span className="block font-mono text-xs text-gray-500">{event}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * 'Add Endpoint' or, with `editing`, 'Edit Endpoint': its URL, description, events and whether
 * it is active. A new endpoint's secret is handed to `onCreated`, to be shown once.
 */
export function EndpointForm({
  editing,
  events,
  onCreated,
  onDone,
}: {
  editing: Webhook | null;
  events: readonly WebhookEvent[];
  onCreated: (created: WebhookWithSecret) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(editing) });
  // A new record to edit, or a new version of it (a rotated secret), starts the form again.
  const key = editing ? `${editing._id}:${editing.version}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the record and its version.
  useEffect(() => form.reset(valuesOf(editing)), [key, form]);
  const save = useGuardedSubmit(
    form,
    async (values) => {
      const data = { ...values, events: values.events as WebhookEvent[] };
      if (editing) {
        await update.mutateAsync({ id: editing._id, data: { ...data, version: editing.version } });
        banners.success(WEBHOOK_MESSAGES.updated);
        onDone();
      } else {
        const created = await create.mutateAsync({ data });
        banners.success(WEBHOOK_MESSAGES.created);
        form.reset(blank);
        onCreated(created);
      }
      await queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });
    },
    (error) => serverMessageOr(error, WEBHOOK_MESSAGES.saveFailed),
  );
  return (
    <FormCard
      form={form}
      save={save}
      title={editing ? 'Edit Endpoint' : 'Add Endpoint'}
      description="Atelier posts each event you choose to this address as signed JSON (Standard Webhooks). Only public addresses are reached."
      submitLabel={editing ? 'Save Endpoint' : 'Add Endpoint'}
      busyLabel="Saving…"
    >
      <TextField
        name="url"
        label="URL"
        type="url"
        required
        placeholder="https://hooks.example.com/atelier"
      />
      <TextAreaField name="description" label="Description" rows={2} />
      <EventsField events={events} />
      <CheckboxField
        name="active"
        label="Active"
        hint="Inactive endpoints get no deliveries. Switching one back on forgets its failures."
      />
      {editing && (
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel editing
        </button>
      )}
    </FormCard>
  );
}
