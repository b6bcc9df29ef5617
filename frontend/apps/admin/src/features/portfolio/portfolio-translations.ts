//! The project's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the project's translatable fields.
import { type PortfolioProject, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const PROJECT_TRANSLATIONS: TranslationSpec<PortfolioProject> = {
  kind: TranslationKind.project,
  noun: 'project',
  fields: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'shortDescription', label: 'Short Description', input: 'textarea', rows: 3 },
    {
      name: 'description',
      label: 'Description',
      input: 'markdown',
      height: 300,
      placeholder: 'Translate the project…',
    },
    { name: 'category', label: 'Category', input: 'text' },
  ],
  slug: (project) => `Empty: /project/${project.slug}`,
  autosaveScope: 'portfolio',
  id: (row) => row._id,
  source: (row) => ({
    title: row.title,
    slug: row.slug,
    shortDescription: row.shortDescription,
    description: row.description,
    category: row.category,
  }),
};

/** The project's languages as tabs around its form; one language only: the form alone. */
export const PortfolioProjectLanguages = languagesAround(PROJECT_TRANSLATIONS);
