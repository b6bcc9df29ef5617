import type { BlogPost } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { blogPost, newId, tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const RUST = tag({ name: 'Rust', type: 'blog' });

/** The API with the tags it holds, growing as the form creates them. */
const api = (post: BlogPost, createAnswer?: () => Response) => {
  const tags = [RUST];
  return signedInApi({
    'GET /api/blog/posts': () =>
      json(200, { blogs: [post], totalItems: 1, totalPages: 1, currentPage: 1 }),
    'GET /api/blog/categories': () => json(200, []),
    'GET /api/tags': () => json(200, tags),
    'POST /api/tags': async (request) => {
      if (createAnswer) return createAnswer();
      const body = (await request.clone().json()) as { name: string; type: 'blog' };
      const created = tag({ _id: newId(), name: body.name, slug: body.name, type: body.type });
      tags.push(created);
      return json(201, created);
    },
    [`PUT /api/blog/posts/${post._id}`]: () => json(200, post),
  });
};

describe('creating a tag from the post form', () => {
  it('offers "Create tag “x”" for a new name, creates it through the API and chooses it', async () => {
    const POST = blogPost({ tags: [RUST._id] });
    const { requests } = api(POST);
    renderAdmin(`/admin/blog/edit/${POST._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const box = await within(dialog).findByRole('searchbox', { name: 'Search or create tags' });

    await user.type(box, 'rust');
    // An existing name (any case) is chosen, not created again.
    expect(within(dialog).queryByRole('button', { name: /Create tag/ })).toBeNull();
    await user.clear(box);
    await user.type(box, 'Edge Computing');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag “Edge Computing”' }));

    const chosen = await within(dialog).findByRole('list', { name: 'Selected tags' });
    await waitFor(() => expect(chosen).toHaveTextContent('Edge Computing'));
    expect(box).toHaveValue('');
    expect(await bodyOf(callsTo(requests, 'POST', '/api/tags')[0])).toEqual({
      name: 'Edge Computing',
      type: 'blog',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Post updated successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/blog/posts/${POST._id}`)[0]);
    expect((body.tags as string[]).length).toBe(2);
  }, 30_000);

  it('creates with Enter from the box, without submitting the form', async () => {
    const POST = blogPost({ tags: [] });
    const { requests } = api(POST);
    renderAdmin(`/admin/blog/edit/${POST._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const box = await within(dialog).findByRole('searchbox', { name: 'Search or create tags' });
    await user.type(box, 'WebAssembly{Enter}');
    const chosen = await within(dialog).findByRole('list', { name: 'Selected tags' });
    await waitFor(() => expect(chosen).toHaveTextContent('WebAssembly'));
    expect(callsTo(requests, 'PUT', `/api/blog/posts/${POST._id}`)).toHaveLength(0);
  }, 30_000);

  it("shows the server's reason when the tag cannot be created, and keeps the name typed", async () => {
    const POST = blogPost({ tags: [] });
    api(POST, () =>
      json(422, {
        message: 'Validation failed',
        errors: { name: 'Name must be at most 60 characters' },
      }),
    );
    renderAdmin(`/admin/blog/edit/${POST._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const box = await within(dialog).findByRole('searchbox', { name: 'Search or create tags' });
    await user.type(box, 'Far too long');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag “Far too long”' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Name must be at most 60 characters',
    );
    expect(box).toHaveValue('Far too long');
    expect(within(dialog).queryByRole('list', { name: 'Selected tags' })).toBeNull();
  }, 30_000);
});
