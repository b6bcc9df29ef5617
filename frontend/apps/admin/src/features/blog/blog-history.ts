//! What a post's revision history compares.
import { useListBlogCategories, useListTags } from '@atelier/api-client/api';
import type { HistoryField } from '@/kit/history/diff-view';
import { shortDateTime } from '@/kit/values';
import type { Values } from './blog-values';

/** The fields the history compares, in the form's order, with names for the category and tags. */
export const useHistoryFields = (): readonly HistoryField<Values>[] => {
  const categories = useListBlogCategories({ type: 'blog' });
  const tags = useListTags({ type: 'blog' });
  const category = new Map(
    (categories.data ?? []).map((item) => [item._id, item.displayName || item.name]),
  );
  const tag = new Map((tags.data ?? []).map((item) => [item._id, item.name]));
  return [
    { label: 'Title', text: (values) => values.title },
    { label: 'Slug', text: (values) => values.slug },
    { label: 'Author', text: (values) => values.authorName },
    { label: 'Excerpt', text: (values) => values.excerpt },
    { label: 'Content', text: (values) => values.content, kind: 'markdown' },
    { label: 'Featured Image URL', text: (values) => values.featuredImage },
    { label: 'Category', text: (values) => category.get(values.category) ?? values.category },
    { label: 'Status', text: (values) => values.status },
    { label: 'Publish at', text: (values) => shortDateTime(values.publishAt) },
    { label: 'Tags', text: (values) => values.tags.map((id) => tag.get(id) ?? id).join(', ') },
    { label: 'Featured post', text: (values) => (values.featured ? 'Yes' : 'No') },
    { label: 'Meta Title', text: (values) => values.metaTitle },
    { label: 'Meta Description', text: (values) => values.metaDescription },
  ];
};
