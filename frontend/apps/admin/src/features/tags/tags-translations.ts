//! The tag's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the tag's translatable fields.
import { type Tag, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const TAG_TRANSLATIONS: TranslationSpec<Tag> = {
  kind: TranslationKind.tag,
  noun: 'tag',
  fields: [
    { name: 'name', label: 'Name', input: 'text' },
    { name: 'description', label: 'Description', input: 'textarea', rows: 3 },
  ],
  slug: (tag) => `Empty: ${tag.slug}`,
  autosaveScope: 'tags',
  id: (row) => row._id,
  source: (row) => ({ name: row.name, slug: row.slug, description: row.description }),
};

/** The tag's languages as tabs around its form; one language only: the form alone. */
export const TagLanguages = languagesAround(TAG_TRANSLATIONS);
