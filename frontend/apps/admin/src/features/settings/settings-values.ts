//! The settings form's values: the empty form, and the conversions from the stored settings and to
//! the API's inputs.
import type { Settings, SettingsInput } from '@atelier/api-client/api';
import { maxServicesOf, type SettingsValues } from './settings-schema';

export const DEFAULTS: SettingsValues = {
  siteName: '',
  siteDescription: '',
  contactEmail: '',
  supportEmail: '',
  socialMedia: { facebook: '', twitter: '', linkedin: '', instagram: '', github: '' },
  services: { showPrices: true, defaultPriceDisplay: '', maxServicesDisplay: '6' },
  languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
  untranslatedContent: 'fallback',
};

/** A language added in the form, before its tag and name are typed. */
export const NEW_LANGUAGE = { tag: '', name: '', direction: 'ltr' } as const;

export const toValues = (settings: Settings): SettingsValues => ({
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
  languages: (settings.languages ?? DEFAULTS.languages).map(({ tag, name, direction }) => ({
    tag,
    name,
    direction,
  })),
  untranslatedContent: settings.untranslatedContent ?? DEFAULTS.untranslatedContent,
});

export const serviceInput = (values: Pick<SettingsValues, 'services'>) => ({
  showPrices: values.services.showPrices,
  defaultPriceDisplay: values.services.defaultPriceDisplay,
  maxServicesDisplay: maxServicesOf(values.services.maxServicesDisplay),
});

/** Everything but the social links, which are edited in Contact Details. */
export const toInput = ({ socialMedia: _edited, ...values }: SettingsValues): SettingsInput => ({
  ...values,
  services: serviceInput(values),
});
