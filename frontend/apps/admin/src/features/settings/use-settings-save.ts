//! Saving the settings: all of them, or the service card alone, each through the versioned save
//! (a stale answer merges, or asks), with the banners of back-office.md.
import {
  getGetSettingsQueryKey,
  type Settings,
  useGetSettings,
  useUpdateServiceSettings,
  useUpdateSettings,
} from '@atelier/api-client/api';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { applyServerErrors, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { useSingletonForm } from '@/kit/form/use-singleton-form';
import { invalidatePrefixes } from '@/kit/invalidate';
import { useFieldLabels } from '@/kit/versions/field-labels';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import { type SettingsValues, settingsSchema } from './settings-schema';
import { DEFAULTS, serviceInput, toInput, toValues } from './settings-values';

export const SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load settings',
  saveFailed: 'Failed to save settings',
  serviceSaveFailed: 'Failed to save service settings',
  saved: 'Settings saved successfully!',
  serviceSaved: 'Service settings saved successfully!',
} as const;

/** The settings, their form, and the two saves; `busy` names the save under way. */
export const useSettingsSave = () => {
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
  const { methods, saved, opened } = form;
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
      // A 422 names its fields (`languages[1].tag`): each message shows at its field, as typed.
      applyServerErrors(methods, error);
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

  return { settings, form, fieldLabels, versioned, busy, onSaveAll, onSaveServices };
};
