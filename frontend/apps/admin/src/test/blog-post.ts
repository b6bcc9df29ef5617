// The post the blog editor's tests open: a category, a tag, and markdown that uses Atelier's syntax
// (footnotes, keys, sub- and superscript, insertions), which the editor must keep as written.
import type { BlogPost } from '@atelier/api-client/api';
import { category, newId, tag } from '@/test/records';

export const WEB = category({ displayName: 'Web Development' });
export const RUST = tag({ name: 'Rust', type: 'blog' });

export const CONTENT =
  '# Designing APIs\n\nAn API is a **user interface** for developers.[^1]\n\n* stars stay stars\n* as written\n\nPress [[Ctrl]] + [[S]], H~2~O, x^2^ and ++ins++.\n\n[^1]: A footnote.\n';

export const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Designing APIs People Enjoy Using',
  slug: 'designing-apis-people-enjoy-using',
  excerpt: 'Consistent names and honest errors.',
  content: CONTENT,
  featuredImage: '/images/demo/blog-1.svg',
  category: WEB._id,
  categoryName: 'Web Development',
  tags: [RUST._id],
  tagNames: 'Rust',
  authorName: 'Maya Chen',
  status: 'published',
  featured: false,
  metaTitle: 'Designing APIs People Enjoy Using',
  metaDescription: 'Consistent names and honest errors.',
  views: 12,
  images: [],
  publishAt: null,
  submittedAt: null,
  reviewNote: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-06T10:00:00Z',
  contentHtml: '',
  ...overrides,
});
