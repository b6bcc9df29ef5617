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
import { useId, useState } from 'react';
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
import { maxServicesOf, type SettingsValues, settingsSchema } from './settings-schema';

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
  const { methods, guard, saved } = useSingletonForm({
    schema: settingsSchema,
    defaults: DEFAULTS,
    record: settings.data,
    toValues,
  });

  const refresh = () => invalidatePrefixes(queryClient, [getGetSettingsQueryKey()[0], '/services']);

  const onSaveAll = methods.handleSubmit(async (values) => {
    if (busy) return;
    setBusy('all');
    try {
      await saveAll.mutateAsync({
        data: { ...toInput(values), version: settings.data?.version ?? 1 },
      });
      saved(values);
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
    try {
      await saveServices.mutateAsync({
        data: { ...serviceInput(values), version: settings.data?.version ?? 1 },
      });
      // Only the service card is saved: the rest stays as typed (and still guarded).
      methods.resetField('services', { defaultValue: values.services });
      await refresh();
      banners.success(SETTINGS_MESSAGES.serviceSaved);
    } catch (error) {
      banners.error(serverMessageOr(error, SETTINGS_MESSAGES.serviceSaveFailed));
    } finally {
      setBusy(null);
    }
  };

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
          <form noValidate onSubmit={onSaveAll} className="space-y-6">
            <RecordPresence kind="settings" id="current" />
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
          {guard.dialog}
        </FormProvider>
      )}
    </section>
  );
}
