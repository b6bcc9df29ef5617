//! The testimonial's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the testimonial's translatable fields.
import { type Testimonial, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const TESTIMONIAL_TRANSLATIONS: TranslationSpec<Testimonial> = {
  kind: TranslationKind.testimonial,
  noun: 'testimonial',
  fields: [{ name: 'content', label: 'Content', input: 'textarea', rows: 5 }],
  autosaveScope: 'testimonials',
  id: (row) => row._id,
  source: (row) => ({ content: row.content }),
};

/** The testimonial's languages as tabs around its form; one language only: the form alone. */
export const TestimonialLanguages = languagesAround(TESTIMONIAL_TRANSLATIONS);
