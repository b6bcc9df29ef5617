import {
  getGetSettingsQueryKey,
  type Settings,
  type SettingsInput,
  useGetSettings,
  useUpdateServiceSettings,
  useUpdateSettings,
} from '@atelier/api-client/api';
import { Skeleton } from '@atelier/ui/skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import { Card, primaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { CheckboxField, FieldRow, NumberField, TextField } from '@/kit/fields/fields';
import { useSaveShortcut } from '@/kit/form/unsaved-guard';
import { useSingletonForm } from '@/kit/form/use-singleton-form';
import { invalidatePrefixes } from '@/kit/invalidate';
import { RecordPresence } from '@/kit/presence/presence-banner';
import { ConflictBanner } from '@/kit/versions/conflict-banner';
import { FieldLabelsProvider, useFieldLabels } from '@/kit/versions/field-labels';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import { maxServicesOf, type SettingsValues, settingsSchema } from './settings-schema';
import { SiteExportCard } from './site-export-card';

export const SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load settings',
  saveFailed: 'Failed to save settings',
  serviceSaveFailed: 'Failed to save service settings',
  saved: 'Settings saved successfully!',
  serviceSaved: 'Service settings saved successfully!',
} as const;

const DEFAULTS: SettingsValues = {
  siteName: '',
  siteDescription: '',
  contactEmail: '',
  supportEmail: '',
  socialMedia: { facebook: '', twitter: '', linkedin: '', instagram: '', github: '' },
  services: { showPrices: true, defaultPriceDisplay: '', maxServicesDisplay: '6' },
};

const toValues = (settings: Settings): SettingsValues => ({
  siteName: settings.siteName,
  siteDescription: settings.siteDescription,
  contactEmail: settings.contactEmail,
  supportEmail: settings.supportEmail,
  socialMedia: { ...DEFAULTS.socialMedia, ...settings.socialMedia },
  services: {
    showPrices: settings.services.showPrices,
    defaultPriceDisplay: settings.services.defaultPriceDisplay,
    maxServicesDisplay: String(settings.services.maxServicesDisplay),
  },
});

const serviceInput = (values: Pick<SettingsValues, 'services'>) => ({
  showPrices: values.services.showPrices,
  defaultPriceDisplay: values.services.defaultPriceDisplay,
  maxServicesDisplay: maxServicesOf(values.services.maxServicesDisplay),
});

/** Everything but the social links, which are edited in Contact Details. */
const toInput = ({ socialMedia: _edited, ...values }: SettingsValues): SettingsInput => ({
  ...values,
  services: serviceInput(values),
});

/** /admin/settings (back-office.md §2 Site Settings): three cards and two save buttons. */
export default function SettingsScreen() {
  const headingId = useId();
  const banners = useBanners();
  const queryClient = useQueryClient();
  const settings = useGetSettings();
  const saveAll = useUpdateSettings();
  const saveServices = useUpdateServiceSettings();
  const [busy, setBusy] = useState<'all' | 'services' | null>(null);
  const form = useSingletonForm({
    schema: settingsSchema,
    defaults: DEFAULTS,
    record: settings.data,
    toValues,
  });
  const { methods, guard, saved, opened } = form;
  const fieldLabels = useFieldLabels();
  // Which button saved last: a stale answer's "Keep mine" or merge saves the same way again.
  const target = useRef<'all' | 'services'>('all');
  const resubmit = useRef<() => Promise<unknown>>(async () => undefined);
  const versioned = useVersionedSave<Settings, SettingsValues>({
    base: () => opened.current.values,
    mine: () => methods.getValues(),
    toValues,
    save: (values, version) =>
      target.current === 'all'
        ? saveAll.mutateAsync({ data: { ...toInput(values), version } })
        : saveServices.mutateAsync({ data: { ...serviceInput(values), version } }),
    load: form.load,
    resubmit: () => resubmit.current(),
  });

  const refresh = () => invalidatePrefixes(queryClient, [getGetSettingsQueryKey()[0], '/services']);

  const onSaveAll = methods.handleSubmit(async (values) => {
    if (busy) return;
    setBusy('all');
    target.current = 'all';
    try {
      const stored = await versioned.save(values, opened.current.version);
      // Both sides changed a field: the banner asks, the form stays as typed.
      if (stored === ASKED) return;
      saved(values, stored);
      await refresh();
      banners.success(SETTINGS_MESSAGES.saved);
    } catch (error) {
      banners.error(serverMessageOr(error, SETTINGS_MESSAGES.saveFailed));
    } finally {
      setBusy(null);
    }
  });

  const onSaveServices = async () => {
    if (busy) return;
    const valid = await methods.trigger('services');
    if (!valid) return;
    const values = methods.getValues();
    setBusy('services');
    target.current = 'services';
    try {
      const stored = await versioned.save(values, opened.current.version);
      if (stored === ASKED) return;
      // Only the service card is saved: the rest stays as typed (and still guarded).
      if (stored && typeof stored === 'object') {
        opened.current = {
          values: toValues(stored as Settings),
          version: (stored as Settings).version,
        };
      }
      methods.resetField('services', { defaultValue: values.services });
      await refresh();
      banners.success(SETTINGS_MESSAGES.serviceSaved);
    } catch (error) {
      banners.error(serverMessageOr(error, SETTINGS_MESSAGES.serviceSaveFailed));
    } finally {
      setBusy(null);
    }
  };
  resubmit.current = () => (target.current === 'all' ? onSaveAll() : onSaveServices());

  useSaveShortcut(() => void onSaveAll(), !settings.isPending);

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 id={headingId} className="text-2xl font-bold text-gray-900">
          Site Settings
        </h1>
        <p className="mt-1 text-sm text-gray-600">
          The site's name and description, contact emails and how services show their prices.
        </p>
      </header>

      {settings.isPending ? (
        <div role="status" aria-label="Loading settings" className="space-y-4">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : settings.error ? (
        <LoadError
          message={serverMessageOr(settings.error, SETTINGS_MESSAGES.loadFailed)}
          onRetry={settings.refetch}
        />
      ) : (
        <FormProvider {...methods}>
          <FieldLabelsProvider labels={fieldLabels}>
            <form noValidate onSubmit={onSaveAll} className="space-y-6">
              <RecordPresence kind="settings" id="current" />
              {versioned.conflict && (
                <ConflictBanner conflict={versioned.conflict} record="page" labels={fieldLabels} />
              )}
              <Card
                title="Service Settings"
                description="How the services page shows prices, and how many services the home page lists."
                footer={
                  <button
                    type="button"
                    onClick={() => void onSaveServices()}
                    disabled={busy !== null}
                    className={primaryButton}
                  >
                    {busy === 'services' ? 'Saving…' : 'Save Service Settings'}
                  </button>
                }
              >
                <CheckboxField name="services.showPrices" label="Show Service Prices" />
                <FieldRow>
                  <TextField
                    name="services.defaultPriceDisplay"
                    label="Default Price Display"
                    placeholder="Contact for Quote"
                  />
                  <NumberField
                    name="services.maxServicesDisplay"
                    label="Max Services to Display"
                    min={1}
                    max={12}
                    hint="From 1 to 12."
                  />
                </FieldRow>
              </Card>

              <Card title="General Settings">
                <FieldRow>
                  <TextField name="siteName" label="Site Name" />
                  <TextField
                    name="siteDescription"
                    label="Site Description"
                    hint="Shown in the footer and used for search engines and link previews."
                  />
                </FieldRow>
                <FieldRow>
                  <TextField name="contactEmail" label="Contact Email" type="email" />
                  <TextField name="supportEmail" label="Support Email" type="email" />
                </FieldRow>
              </Card>

              <Card title="Social Media Links">
                <p className="text-sm text-gray-600">
                  The site has one list of social links, shown in the footer and given to search
                  engines and link previews. Edit it in{' '}
                  <Link to="/contact-details" className="font-medium text-blue-700 hover:underline">
                    Contact Details
                  </Link>
                  .
                </p>
              </Card>

              <div className="flex justify-end">
                <button
                  type="submit"
                  disabled={busy !== null}
                  aria-keyshortcuts="Control+S Meta+S"
                  className={primaryButton}
                >
                  {busy === 'all' ? 'Saving…' : 'Save All Settings'}
                </button>
              </div>
            </form>
          </FieldLabelsProvider>
          {guard.dialog}
        </FormProvider>
      )}
      <SiteExportCard />
    </section>
  );
}
