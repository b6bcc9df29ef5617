import {
  type ContactDetails,
  type ContactDetailsInput,
  useCreateContactDetails,
  useGetContactDetails,
  useUpdateContactDetails,
} from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { FormField, inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { faTrash } from '@fortawesome/free-solid-svg-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Card, primaryButton } from '@/kit/card';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { TextAreaField, TextField } from '@/kit/fields/fields';
import { useSaveShortcut } from '@/kit/form/unsaved-guard';
import { useSingletonForm } from '@/kit/form/use-singleton-form';
import { invalidatePrefixes } from '@/kit/invalidate';
import { ScreenTitle } from '@/kit/screen-header';
import { SingletonForm } from '@/kit/singleton/singleton-form';
import { RecordLanguages } from '@/kit/translations/record-languages';
import { useScreenLanguages } from '@/kit/translations/screen-languages';
import { useFieldLabels } from '@/kit/versions/field-labels';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import {
  type ContactDetailsValues,
  canSave,
  contactDetailsSchema,
  PLATFORMS,
  platformLabel,
} from './contact-details-schema';
import { CONTACT_TRANSLATIONS } from './contact-details-translations';

export const CONTACT_DETAILS_SAVED = 'Contact details updated successfully!';
export const LOADING_CONTACT_DETAILS = 'Loading contact details...';

const DEFAULTS: ContactDetailsValues = {
  email: '',
  phone: '',
  address: '',
  googleMapsUrl: '',
  socialMedia: [],
};

const toValues = (details: ContactDetails): ContactDetailsValues => ({
  email: details.email,
  phone: details.phone,
  address: details.address,
  googleMapsUrl: details.googleMapsUrl,
  // In the order of the platform list, so the form reads the same each time.
  socialMedia: PLATFORMS.filter(([key]) => details.socialMedia[key] !== undefined).map(
    ([platform]) => ({ platform, url: details.socialMedia[platform] ?? '' }),
  ),
});

const toInput = (values: ContactDetailsValues): ContactDetailsInput => ({
  email: values.email,
  phone: values.phone,
  address: values.address,
  googleMapsUrl: values.googleMapsUrl.trim(),
  socialMedia: Object.fromEntries(
    values.socialMedia
      .filter((link) => link.url.trim() !== '')
      .map((link) => [link.platform, link.url.trim()]),
  ),
});

/** /admin/contact-details (back-office.md §2): the agency's email, phone, address, map and links. */
export default function ContactDetailsScreen() {
  const headingId = useId();
  const addId = useId();
  const banners = useBanners();
  const queryClient = useQueryClient();
  const details = useGetContactDetails(undefined, { query: { retry: false } });
  const update = useUpdateContactDetails();
  const create = useCreateContactDetails();
  // The server has no record yet (404): the first save creates it.
  const missing = details.error instanceof ApiError && details.error.status === 404;
  const form = useSingletonForm({
    schema: contactDetailsSchema,
    defaults: DEFAULTS,
    record: details.data,
    toValues,
  });
  const { methods, guard, saved, opened } = form;
  const fieldLabels = useFieldLabels();
  const resubmit = useRef<() => Promise<unknown>>(async () => undefined);
  const versioned = useVersionedSave<ContactDetails, ContactDetailsValues>({
    base: () => opened.current.values,
    mine: () => methods.getValues(),
    toValues,
    save: (values, version) => update.mutateAsync({ data: { ...toInput(values), version } }),
    load: form.load,
    resubmit: () => resubmit.current(),
  });
  const links = useFieldArray({ control: methods.control, name: 'socialMedia' });
  const values = useWatch({ control: methods.control }) as ContactDetailsValues;
  const saving = update.isPending || create.isPending;
  const loading = details.isPending;
  const enabled = !loading && !saving && canSave({ ...DEFAULTS, ...values });
  const unused = PLATFORMS.filter(([key]) => !links.fields.some((link) => link.platform === key));

  const onSave = methods.handleSubmit(async (values) => {
    if (saving) return;
    try {
      const stored = missing
        ? await create.mutateAsync({ data: toInput(values) })
        : await versioned.save(values, opened.current.version);
      // Both sides changed a field: the banner asks, the form stays as typed.
      if (stored === ASKED) return;
      saved(values, stored);
      await invalidatePrefixes(queryClient, ['/contact-details']);
      banners.success(CONTACT_DETAILS_SAVED);
    } catch (error) {
      banners.error(serverMessageOr(error, failedTo('update', 'contact details')));
    }
  });
  resubmit.current = () => onSave();
  const languages = useScreenLanguages();
  useSaveShortcut(() => {
    if (enabled) void onSave();
  }, languages.shown);

  const editor = (
    <SingletonForm
      methods={methods}
      labels={fieldLabels}
      presence="contact-details"
      conflict={versioned.conflict}
      onSubmit={onSave}
      after={guard.dialog}
    >
      <Card title="Contact Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="email" label="Email Address" type="email" required />
          <TextField name="phone" label="Phone Number" type="tel" required />
        </div>
        <TextAreaField name="address" label="Address" rows={3} required />
        <TextField
          name="googleMapsUrl"
          label="Google Maps Embed URL"
          type="url"
          placeholder="https://www.google.com/maps/embed?pb=…"
          hint="Optional. The embed address from Google Maps' Share → Embed a map."
        />
      </Card>

      <Card title="Social Media">
        {links.fields.length === 0 && (
          <p className="text-sm text-gray-500">No social media links yet.</p>
        )}
        <ul className="space-y-3">
          {links.fields.map((link, index) => {
            const label = platformLabel(link.platform);
            const error = methods.formState.errors.socialMedia?.[index]?.url?.message;
            return (
              <li key={link.id} className="flex items-start gap-2">
                <FormField label={label} error={error} className="flex-1">
                  {(control) => (
                    <input
                      {...control}
                      {...methods.register(`socialMedia.${index}.url`)}
                      type="url"
                      placeholder={`https://…`}
                      className={inputClass}
                    />
                  )}
                </FormField>
                <button
                  type="button"
                  onClick={() => links.remove(index)}
                  aria-label={`Remove ${label}`}
                  className="mt-6 rounded-lg p-2.5 text-red-700 hover:bg-red-50"
                >
                  <Icon icon={faTrash} className="h-4 w-4" />
                </button>
              </li>
            );
          })}
        </ul>
        {unused.length > 0 && (
          <div className="sm:w-72">
            <label htmlFor={addId} className="mb-1 block text-sm font-medium text-gray-700">
              Add Social Media Platform
            </label>
            <select
              id={addId}
              value=""
              onChange={(event) => {
                if (event.target.value) {
                  links.append({ platform: event.target.value, url: '' });
                }
              }}
              className={inputClass}
            >
              <option value="">Add Social Media Platform</option>
              {unused.map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
      </Card>

      <div className="flex justify-end">
        <button
          type="submit"
          disabled={!enabled}
          aria-keyshortcuts="Control+S Meta+S"
          className={primaryButton}
        >
          {saving ? 'Saving…' : 'Save Contact Details'}
        </button>
      </div>
    </SingletonForm>
  );

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6">
      <ScreenTitle
        headingId={headingId}
        title="Contact Details Management"
        description="How visitors reach the agency: shown on the contact page and in the footer."
      />

      {loading ? (
        <p role="status" className="rounded-xl bg-white p-6 text-gray-600 shadow-sm">
          {LOADING_CONTACT_DETAILS}
        </p>
      ) : details.error && !missing ? (
        <LoadError
          message={serverMessageOr(details.error, failedTo('fetch', 'contact details'))}
          onRetry={details.refetch}
        />
      ) : details.data ? (
        // Saved details have their address in each language as tabs around the form.
        <RecordLanguages spec={CONTACT_TRANSLATIONS} row={details.data} form={languages.form}>
          {editor}
        </RecordLanguages>
      ) : (
        editor
      )}
      {languages.dialog}
    </section>
  );
}
