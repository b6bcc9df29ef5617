import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { signedInApi } from '@/test/admin-api';
import { blogPost, portfolioProject } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { addressOf } from './slug-field';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

describe('addressOf', () => {
  it.each([
    ['/blog/', 'my-post', '', 'Ignored', '/blog/my-post'],
    ['/blog/', '', 'kept-slug', 'New title', '/blog/kept-slug'],
    ['/project/', '', '', 'Harbour App!', '/project/harbour-app'],
    ['/project/', '  ', '', '', null],
  ])('%s + slug %j, stored %j, title %j → %j', (base, slug, stored, title, address) => {
    expect(addressOf(base, slug, stored, title)).toBe(address);
  });
});

const hintOf = (container: HTMLElement) => within(container).getByText(/^The address:/).textContent;

describe('the slug hint shows the real address as it is typed', () => {
  it('a new post: from the title, then from the slug typed', async () => {
    signedInApi({
      'GET /api/blog/posts': () =>
        json(200, { blogs: [], totalItems: 0, totalPages: 1, currentPage: 1 }),
      'GET /api/blog/categories': () => json(200, []),
      'GET /api/tags': () => json(200, []),
    });
    renderAdmin('/admin/blog/new');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    expect(hintOf(dialog)).toBe('The address: /blog/… (made from the title when left empty)');
    await user.type(
      within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'Hello, World',
    );
    expect(hintOf(dialog)).toBe('The address: /blog/hello-world');
    const slug = within(dialog).getByLabelText('Slug');
    await user.clear(slug);
    expect(hintOf(dialog)).toBe('The address: /blog/hello-world');
    await user.type(slug, 'greetings');
    expect(hintOf(dialog)).toBe('The address: /blog/greetings');
  }, 60_000);

  it('an existing post keeps its address when the slug is emptied', async () => {
    const POST = blogPost({ slug: 'shipping-on-fridays' });
    signedInApi({
      'GET /api/blog/posts': () =>
        json(200, { blogs: [POST], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/blog/categories': () => json(200, []),
      'GET /api/tags': () => json(200, []),
    });
    renderAdmin(`/admin/blog/edit/${POST._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(hintOf(dialog)).toBe('The address: /blog/shipping-on-fridays');
    await user.clear(within(dialog).getByLabelText('Slug'));
    expect(hintOf(dialog)).toBe('The address: /blog/shipping-on-fridays');
  }, 60_000);

  it('a project: /project/ and its slug', async () => {
    const PROJECT = portfolioProject({ slug: 'harbour-app' });
    signedInApi({
      'GET /api/portfolio': () =>
        json(200, { projects: [PROJECT], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/technologies': () => json(200, { data: [] }),
      'GET /api/tags': () => json(200, []),
    });
    renderAdmin(`/admin/portfolio/edit/${PROJECT._id}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Edit Project' });
    expect(hintOf(form)).toBe('The address: /project/harbour-app');
    const slug = within(form).getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, 'harbour');
    expect(hintOf(form)).toBe('The address: /project/harbour');
  }, 60_000);
});
