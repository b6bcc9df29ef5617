import { Skeleton } from '@atelier/ui/skeleton';
import { useId } from 'react';
import { primaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { LoadError } from '@/kit/feedback/load-error';
import { useSaveShortcut } from '@/kit/form/unsaved-guard';
import { ScreenTitle } from '@/kit/screen-header';
import { SingletonForm } from '@/kit/singleton/singleton-form';
import { RecordLanguages } from '@/kit/translations/record-languages';
import { useScreenLanguages } from '@/kit/translations/screen-languages';
import { ImportCard } from './import-card';
import { LanguagesCard } from './languages-card';
import { GeneralSettingsCard, ServiceSettingsCard, SocialLinksCard } from './settings-cards';
import { SETTINGS_TRANSLATIONS } from './settings-translations';
import { SiteExportCard } from './site-export-card';
import { SETTINGS_MESSAGES, useSettingsSave } from './use-settings-save';

export { SETTINGS_MESSAGES } from './use-settings-save';

/** /admin/settings (back-office.md §2 Site Settings): four cards and two save buttons. */
export default function SettingsScreen() {
  const headingId = useId();
  const { settings, form, fieldLabels, versioned, busy, onSaveAll, onSaveServices } =
    useSettingsSave();

  const languages = useScreenLanguages();
  useSaveShortcut(() => void onSaveAll(), !settings.isPending && languages.shown);

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6">
      <ScreenTitle
        headingId={headingId}
        title="Site Settings"
        description="The site's name and description, contact emails, how services show their prices and the site's languages."
      />

      {settings.isPending ? (
        <div role="status" aria-label="Loading settings" className="space-y-4">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : settings.error || !settings.data ? (
        <LoadError
          message={serverMessageOr(settings.error, SETTINGS_MESSAGES.loadFailed)}
          onRetry={settings.refetch}
        />
      ) : (
        // The site's name and description in each language: tabs around the settings' form.
        <RecordLanguages spec={SETTINGS_TRANSLATIONS} row={settings.data} form={languages.form}>
          <SingletonForm
            methods={form.methods}
            labels={fieldLabels}
            presence="settings"
            conflict={versioned.conflict}
            onSubmit={onSaveAll}
            after={form.guard.dialog}
          >
            <ServiceSettingsCard busy={busy} onSave={() => void onSaveServices()} />
            <GeneralSettingsCard />
            <LanguagesCard />
            <SocialLinksCard />

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
          </SingletonForm>
        </RecordLanguages>
      )}
      {languages.dialog}
      <SiteExportCard />
      <ImportCard />
    </section>
  );
}
