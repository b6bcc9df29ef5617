import type { Settings } from '@atelier/api-client/api';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, serviceInput, toInput, toValues } from './settings-values';

const SETTINGS = {
  version: 3,
  siteName: 'Atelier',
  siteDescription: 'We build software.',
  contactEmail: 'hello@example.com',
  supportEmail: '',
  socialMedia: { github: 'https://github.com/atelier' },
  services: { showPrices: false, defaultPriceDisplay: 'Ask us', maxServicesDisplay: 8 },
} as unknown as Settings;

describe('toValues', () => {
  it('fills the social links the settings lack with empty ones', () => {
    expect(toValues(SETTINGS).socialMedia).toEqual({
      ...DEFAULTS.socialMedia,
      github: 'https://github.com/atelier',
    });
  });

  it('shows the number of services as text for its field', () => {
    expect(toValues(SETTINGS).services).toEqual({
      showPrices: false,
      defaultPriceDisplay: 'Ask us',
      maxServicesDisplay: '8',
    });
  });
});

describe('serviceInput', () => {
  it('reads the number of services, 6 when it is not a number', () => {
    const services = { showPrices: true, defaultPriceDisplay: '', maxServicesDisplay: ' 4 ' };
    expect(serviceInput({ services }).maxServicesDisplay).toBe(4);
    expect(serviceInput({ services: { ...services, maxServicesDisplay: 'many' } })).toEqual({
      showPrices: true,
      defaultPriceDisplay: '',
      maxServicesDisplay: 6,
    });
  });
});

describe('toInput', () => {
  it('leaves out the social links, which Contact Details edits', () => {
    const input = toInput(toValues(SETTINGS));
    expect(input).not.toHaveProperty('socialMedia');
    expect(input).toEqual({
      siteName: 'Atelier',
      siteDescription: 'We build software.',
      contactEmail: 'hello@example.com',
      supportEmail: '',
      services: { showPrices: false, defaultPriceDisplay: 'Ask us', maxServicesDisplay: 8 },
      languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
      untranslatedContent: 'fallback',
    });
  });

  it('sends the languages whole, the default first, with the choice for untranslated records', () => {
    const languages = [
      { tag: 'en-GB', name: 'English', direction: 'ltr' },
      { tag: 'fa', name: 'فارسی', direction: 'rtl' },
    ] as const;
    const input = toInput(
      toValues({ ...SETTINGS, languages: [...languages], untranslatedContent: 'hide' }),
    );
    expect(input.languages).toEqual(languages);
    expect(input.untranslatedContent).toBe('hide');
  });
});
