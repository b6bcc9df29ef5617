import type { BlogPost } from '@atelier/api-client/api';
import { describe, expect, it } from 'vitest';
import { BLOG_DEFAULTS, blogSchema, inputOfValues, valuesOfPost } from './blog-values';

const POST = {
  _id: 'p1',
  title: 'Hello',
  slug: 'hello',
  excerpt: 'Short.',
  content: '# Hello\n',
  featuredImage: '/images/a.webp',
  category: null,
  tags: ['t1'],
  authorName: 'Maya',
  status: 'draft',
  featured: false,
  metaTitle: 'Hello',
  metaDescription: '',
  publishAt: null,
} as unknown as BlogPost;

describe('valuesOfPost', () => {
  it('reads a stored post, an empty category and publish time as empty fields', () => {
    expect(valuesOfPost(POST)).toEqual({
      title: 'Hello',
      slug: 'hello',
      excerpt: 'Short.',
      content: '# Hello\n',
      featuredImage: '/images/a.webp',
      category: '',
      tags: ['t1'],
      authorName: 'Maya',
      status: 'draft',
      featured: false,
      metaTitle: 'Hello',
      metaDescription: '',
      publishAt: '',
    });
  });

  it('copies the tags, so the form never changes the stored list', () => {
    expect(valuesOfPost(POST).tags).not.toBe(POST.tags);
  });
});

describe('inputOfValues', () => {
  it('trims the title, image and author, and sends empty choices as null', () => {
    const input = inputOfValues({
      ...BLOG_DEFAULTS,
      title: '  Hello  ',
      featuredImage: ' /images/a.webp ',
      authorName: ' Maya ',
      content: '  kept as typed  ',
    });
    expect(input).toMatchObject({
      title: 'Hello',
      featuredImage: '/images/a.webp',
      authorName: 'Maya',
      content: '  kept as typed  ',
      category: null,
      publishAt: null,
    });
  });

  it('leaves an empty slug to the server', () => {
    expect(inputOfValues({ ...BLOG_DEFAULTS, title: 'T' }).slug).toBeNull();
    expect(inputOfValues({ ...BLOG_DEFAULTS, title: 'T', slug: 'mine' }).slug).toBe('mine');
  });

  it('round-trips a stored post', () => {
    expect(inputOfValues(valuesOfPost(POST))).toMatchObject({
      title: 'Hello',
      slug: 'hello',
      tags: ['t1'],
      category: null,
      publishAt: null,
    });
  });
});

describe('blogSchema', () => {
  const errorsOf = (values: unknown) =>
    blogSchema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];

  it('requires a title', () => {
    expect(errorsOf({ ...BLOG_DEFAULTS, title: '  ' })).toEqual(['Title is required']);
  });

  it('takes an absolute http(s) address or a path on the site as the image', () => {
    for (const image of ['', 'https://example.com/a.png', '/images/a.webp']) {
      expect(errorsOf({ ...BLOG_DEFAULTS, title: 'T', featuredImage: image })).toEqual([]);
    }
    for (const image of ['ftp://example.com/a.png', '//example.com/a.png', 'images/a.webp']) {
      expect(errorsOf({ ...BLOG_DEFAULTS, title: 'T', featuredImage: image })).toEqual([
        'Please enter a valid URL',
      ]);
    }
  });
});
