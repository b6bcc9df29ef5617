//! A post's form values: their rules, the empty form, and the conversions from a stored post and
//! to the API's input.
import type { BlogPost, NewBlogPost } from '@atelier/api-client/api';
import { z } from 'zod';
import { isWebUrl, optional } from '@/kit/values';

export const blogSchema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  // The server's image rule: an absolute http(s) URL or a path on this site (`/images/...`).
  featuredImage: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || isWebUrl(value) || /^\/[^/\s\\]\S*$/.test(value),
      'Please enter a valid URL',
    ),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  status: z.enum(['draft', 'in_review', 'published']),
  featured: z.boolean(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  publishAt: z.string(),
});
export type Values = z.infer<typeof blogSchema>;

export const BLOG_DEFAULTS: Values = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  featuredImage: '',
  category: '',
  tags: [],
  authorName: '',
  status: 'draft',
  featured: false,
  metaTitle: '',
  metaDescription: '',
  publishAt: '',
};

/** A stored post as the form's values. */
export const valuesOfPost = (row: BlogPost): Values => ({
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  content: row.content,
  featuredImage: row.featuredImage,
  category: row.category ?? '',
  tags: [...row.tags],
  authorName: row.authorName,
  status: row.status,
  featured: row.featured,
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
  publishAt: row.publishAt ?? '',
});

/** The form's values as the API takes them. The content goes as stored: the editor hands over the
 * admin's markdown unchanged. */
export const inputOfValues = (values: Values): NewBlogPost => ({
  title: values.title.trim(),
  slug: optional(values.slug),
  excerpt: values.excerpt,
  content: values.content,
  featuredImage: values.featuredImage.trim(),
  category: values.category || null,
  tags: values.tags,
  authorName: values.authorName.trim(),
  status: values.status,
  featured: values.featured,
  metaTitle: values.metaTitle,
  metaDescription: values.metaDescription,
  publishAt: values.publishAt || null,
});
