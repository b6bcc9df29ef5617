//! A post's languages in its editor (docs/languages.md, "Back office"): the kit's translation tabs
//! with the post's translatable fields, its slug and its own publication per language.
import { type BlogPost, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const POST_TRANSLATIONS: TranslationSpec<BlogPost> = {
  kind: TranslationKind.post,
  noun: 'post',
  fields: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'excerpt', label: 'Excerpt', input: 'textarea', rows: 2 },
    {
      name: 'content',
      label: 'Content',
      input: 'markdown',
      height: 400,
      placeholder: 'Translate the post…',
    },
    { name: 'metaTitle', label: 'Meta Title', input: 'text', group: 'Search engines' },
    {
      name: 'metaDescription',
      label: 'Meta Description',
      input: 'textarea',
      rows: 2,
      group: 'Search engines',
    },
  ],
  slug: (post) => `Empty: /blog/${post.slug}`,
  publication: true,
  autosaveScope: 'blog',
  id: (post) => post._id,
  source: (post) => ({
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
  }),
};

/** The post's languages as tabs around its form; one language only: the form alone. */
export const PostLanguages = languagesAround(POST_TRANSLATIONS);
