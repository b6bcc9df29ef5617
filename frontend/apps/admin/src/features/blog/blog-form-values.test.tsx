import type { BlogPost } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { signedInApi } from '@/test/admin-api';
import { expectFormShows, type FieldRow } from '@/test/form-shows';
import { category, newId, tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const OTHER = category({ displayName: 'Design', slug: 'design', name: 'design' });
const WEB = category({ displayName: 'Web Development' });
const RUST = tag({ name: 'Rust', type: 'blog' });
// A tag of another type, chosen on the post before: still named, never shown as its id.
const LAUNCH = tag({ name: 'Launch', slug: 'launch', type: 'portfolio' });

const POST: BlogPost = {
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Designing APIs People Enjoy Using',
  slug: 'designing-apis',
  excerpt: 'Consistent names and honest errors.',
  content: 'Intro with [[Ctrl]] and H~2~O.\n',
  contentHtml: '<p>Intro with <kbd>Ctrl</kbd> and H<sub>2</sub>O.</p>',
  featuredImage: '/media/abc/hero.webp',
  category: WEB._id,
  categoryName: 'Web Development',
  tags: [RUST._id, LAUNCH._id],
  tagNames: 'Rust, Launch',
  authorName: 'Maya Chen',
  status: 'published',
  featured: true,
  metaTitle: 'APIs people enjoy',
  metaDescription: 'How we design APIs.',
  views: 12,
  images: [],
  publishAt: null,
  submittedAt: null,
  reviewNote: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-06T10:00:00Z',
};

/** The lookups answer after the form opened, as they do when a post is opened from the list. */
const later = (body: unknown) => () =>
  new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, body)), 30));

describe('the post form shows every stored field when it opens', () => {
  it('title, slug, author, excerpt, content, image, category, status, tags, featured, meta', async () => {
    signedInApi({
      'GET /api/blog/posts': () =>
        json(200, { blogs: [POST], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/blog/categories': later([OTHER, WEB]),
      'GET /api/tags': (request) =>
        new URL(request.url).searchParams.get('type') === 'blog'
          ? later([RUST])()
          : later([RUST, LAUNCH])(),
    });
    renderAdmin('/admin/blog');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${POST.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    await waitFor(() => expect(within(dialog).queryByText('Loading…')).toBeNull());

    const table: FieldRow[] = [
      ['Title', POST.title],
      ['Slug', POST.slug],
      ['Author', POST.authorName],
      ['Excerpt', POST.excerpt],
      ['Featured Image URL', POST.featuredImage],
      ['Category', 'Web Development'],
      ['Status', 'Published'],
      ['Publish at', ''],
      ['Tags', ['Rust', 'Launch']],
      ['Featured post', true],
      ['Meta Title', POST.metaTitle],
      ['Meta Description', POST.metaDescription],
    ];
    await waitFor(() => expectFormShows(dialog, table));

    await user.click(await within(dialog).findByRole('button', { name: 'Markdown' }));
    expect(within(dialog).getByRole('textbox', { name: /markdown source/ })).toHaveValue(
      POST.content,
    );
  }, 30_000);
});
