import { describe, expect, it } from 'vitest';
import {
  authorInitials,
  authorName,
  matchesSearch,
  postImage,
  publicationDate,
  withoutTitleHeading,
} from './post-view';

describe('blog post view rules', () => {
  it('falls back to a local stock image without a featured image', () => {
    expect(postImage({ featuredImage: '' })).toBe('/images/demo/blog-1.svg');
    expect(postImage({ featuredImage: '/uploads/a.webp' })).toBe('/uploads/a.webp');
  });

  it('names a missing author "Unknown Author" and takes up to two initials', () => {
    expect(authorName({ authorName: ' ' })).toBe('Unknown Author');
    expect(authorInitials('Unknown Author')).toBe('UA');
    expect(authorInitials('maya lin chen')).toBe('ML');
  });

  it('searches title, excerpt and author name, ignoring case', () => {
    const post = { title: 'Rust APIs', excerpt: 'Fast and safe', authorName: 'Maya Chen' };
    expect(matchesSearch(post, 'rust')).toBe(true);
    expect(matchesSearch(post, 'SAFE')).toBe(true);
    expect(matchesSearch(post, 'chen')).toBe(true);
    expect(matchesSearch(post, 'python')).toBe(false);
    expect(matchesSearch(post, '  ')).toBe(true);
  });

  it('drops a leading heading that repeats the title, and nothing else', () => {
    expect(withoutTitleHeading('# Shipping Rust\n\nBody', 'Shipping Rust')).toBe('Body');
    expect(withoutTitleHeading('# Other\n\nBody', 'Shipping Rust')).toBe('# Other\n\nBody');
    expect(withoutTitleHeading('Body\n# Shipping Rust', 'Shipping Rust')).toBe(
      'Body\n# Shipping Rust',
    );
  });
});

describe('publicationDate', () => {
  it('dates a scheduled post by its publish time, any other by its creation', () => {
    const createdAt = '2026-01-05T10:00:00Z';
    expect(publicationDate({ createdAt, publishAt: '2026-02-01T09:00:00Z' })).toBe(
      '2026-02-01T09:00:00Z',
    );
    expect(publicationDate({ createdAt, publishAt: null })).toBe(createdAt);
  });
});
