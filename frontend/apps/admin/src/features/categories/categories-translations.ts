//! The category's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the category's translatable fields.
import { type Category, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const CATEGORY_TRANSLATIONS: TranslationSpec<Category> = {
  kind: TranslationKind.category,
  noun: 'category',
  fields: [
    { name: 'displayName', label: 'Display Name', input: 'text' },
    { name: 'name', label: 'Name', input: 'text' },
    { name: 'description', label: 'Description', input: 'textarea', rows: 3 },
  ],
  slug: (category) => `Empty: ${category.slug}`,
  autosaveScope: 'categories',
  id: (row) => row._id,
  source: (row) => ({
    displayName: row.displayName,
    slug: row.slug,
    name: row.name,
    description: row.description,
  }),
};

/** The category's languages as tabs around its form; one language only: the form alone. */
export const CategoryLanguages = languagesAround(CATEGORY_TRANSLATIONS);
