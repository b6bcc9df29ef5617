//! A content page's languages on its tab (docs/languages.md, "Back office"): the kit's translation
//! tabs with the page's translatable fields; a page is named by its type (`about`, `privacy`).
import { type ContentPage, TranslationKind } from '@atelier/api-client/api';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const PAGE_TRANSLATIONS: TranslationSpec<ContentPage> = {
  kind: TranslationKind.page,
  noun: 'page',
  fields: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'subtitle', label: 'Subtitle', input: 'text' },
    { name: 'description', label: 'Description', input: 'textarea', rows: 3 },
    {
      name: 'content',
      label: 'Content',
      input: 'markdown',
      height: 400,
      placeholder: 'Translate the page…',
    },
  ],
  autosaveScope: 'content',
  id: (page) => page.type,
  source: (page) => ({
    title: page.title,
    subtitle: page.subtitle,
    description: page.description,
    content: page.content,
  }),
};
