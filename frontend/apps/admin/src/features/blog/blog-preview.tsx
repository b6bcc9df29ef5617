//! A post's preview in its form, drawn by the site's own article.
import { type BlogPost, useListBlogCategories, useListTags } from '@atelier/api-client/api';
import { BlogPostArticle } from '@atelier/site/post-article';
import { withoutTitleHeading } from '@atelier/site/post-view';
import { useServerMarkdown } from '@/kit/preview/server-markdown';
import { slugify } from '@/kit/values';
import type { Values } from './blog-values';

/** The post as /blog/{slug} would show it, drawn by the site's own article from the form's values. */
export function PostPreview({ values, row }: { values: Values; row: BlogPost | undefined }) {
  const categories = useListBlogCategories({ type: 'blog' });
  const tags = useListTags({ type: 'blog' });
  const category = categories.data?.find((item) => item._id === values.category);
  // The body as the page shows it, drawn by the server's renderer (unsaved text included).
  const { html: contentHtml } = useServerMarkdown(
    withoutTitleHeading(values.content, values.title),
  );
  const now = new Date().toISOString();
  const post: BlogPost = {
    _id: row?._id ?? '',
    version: row?.version ?? 1,
    createdBy: row?.createdBy ?? null,
    updatedBy: row?.updatedBy ?? null,
    views: row?.views ?? 0,
    images: row?.images ?? [],
    createdAt: row?.createdAt ?? now,
    updatedAt: now,
    ...values,
    title: values.title.trim(),
    slug: values.slug || slugify(values.title),
    featuredImage: values.featuredImage.trim(),
    category: values.category || null,
    categoryName: category ? category.displayName || category.name : '',
    tagNames: values.tags
      .map((id) => tags.data?.find((tag) => tag._id === id)?.name ?? '')
      .filter(Boolean)
      .join(', '),
    publishAt: values.publishAt || null,
    submittedAt: row?.submittedAt ?? null,
    reviewNote: row?.reviewNote ?? null,
    contentHtml,
  };
  return <BlogPostArticle post={post} />;
}
