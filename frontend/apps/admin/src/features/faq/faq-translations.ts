//! The FAQ's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the FAQ's translatable fields.
import { type Faq, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const FAQ_TRANSLATIONS: TranslationSpec<Faq> = {
  kind: TranslationKind.faq,
  noun: 'FAQ',
  fields: [
    { name: 'question', label: 'Question', input: 'text' },
    {
      name: 'answer',
      label: 'Answer',
      input: 'markdown',
      height: 250,
      placeholder: 'Translate the answer…',
    },
  ],
  autosaveScope: 'faq',
  id: (row) => row._id,
  source: (row) => ({ question: row.question, answer: row.answer }),
};

/** The FAQ's languages as tabs around its form; one language only: the form alone. */
export const FaqLanguages = languagesAround(FAQ_TRANSLATIONS);
