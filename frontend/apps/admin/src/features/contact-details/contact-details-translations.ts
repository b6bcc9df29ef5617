//! The contact details' languages (docs/languages.md, "The site's own texts"): the address as
//! visitors read it in each language; the email, phone, map and links are the same in all.
import { type ContactDetails, TranslationKind } from '@atelier/api-client/api';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const CONTACT_TRANSLATIONS: TranslationSpec<ContactDetails> = {
  kind: TranslationKind.site,
  noun: 'contact details',
  fields: [{ name: 'address', label: 'Address', input: 'textarea', rows: 3 }],
  autosaveScope: 'contact-details',
  id: () => 'contact',
  source: (details) => ({ address: details.address }),
};
