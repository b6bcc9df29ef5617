//! The site settings' languages (docs/languages.md, "The site's own texts"): the site's name and
//! description as visitors read them in each language (the footer's tagline is the description).
import { type Settings, TranslationKind } from '@atelier/api-client/api';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const SETTINGS_TRANSLATIONS: TranslationSpec<Settings> = {
  kind: TranslationKind.site,
  noun: 'site settings',
  fields: [
    { name: 'siteName', label: 'Site Name', input: 'text' },
    { name: 'siteDescription', label: 'Site Description', input: 'textarea', rows: 3 },
  ],
  autosaveScope: 'settings',
  id: () => 'settings',
  source: (settings) => ({
    siteName: settings.siteName,
    siteDescription: settings.siteDescription,
  }),
};
