//! The service's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the service's translatable fields.
import { type Service, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const SERVICE_TRANSLATIONS: TranslationSpec<Service> = {
  kind: TranslationKind.service,
  noun: 'service',
  fields: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'shortDescription', label: 'Short Description', input: 'textarea', rows: 3 },
    {
      name: 'description',
      label: 'Description',
      input: 'markdown',
      height: 300,
      placeholder: 'Translate the service…',
    },
    { name: 'priceDisplay', label: 'Price Display', input: 'text' },
  ],
  autosaveScope: 'services',
  id: (row) => row._id,
  source: (row) => ({
    title: row.title,
    shortDescription: row.shortDescription,
    description: row.description,
    priceDisplay: row.priceDisplay,
  }),
};

/** The service's languages as tabs around its form; one language only: the form alone. */
export const ServiceLanguages = languagesAround(SERVICE_TRANSLATIONS);
