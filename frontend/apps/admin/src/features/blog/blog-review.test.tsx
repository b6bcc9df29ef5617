import type { BlogPost } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN, accountOf } from '@/test/fixtures';
import { blogPost } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const WRITER = accountOf('contributor', { _id: '65a1b2c3d4e5f60718293a99', name: 'Cai Writer' });
const EDITOR = accountOf('editor', { _id: '65a1b2c3d4e5f60718293a98', name: 'Eve Editor' });
const mine = { id: WRITER._id, name: WRITER.name };

const api = (post: BlogPost, answers: Record<string, () => Response> = {}) => ({
  'GET /api/blog/posts': () =>
    json(200, { blogs: [post], totalItems: 1, totalPages: 1, currentPage: 1 }),
  [`GET /api/blog/posts/${post._id}`]: () => json(200, post),
  'GET /api/blog/categories': () => json(200, []),
  'GET /api/tags': () => json(200, []),
  [`PUT /api/blog/posts/${post._id}`]: () => json(200, { ...post, version: post.version + 1 }),
  ...answers,
});

const openForm = async (post: BlogPost) => {
  renderAdmin(`/admin/blog/edit/${post._id}`);
  return screen.findByRole('dialog', { name: 'Edit Blog Post' });
};

describe('Review of a post in its form', () => {
  it('lets a Contributor submit their own draft: the form is saved, then submitted', async () => {
    const draft = blogPost({ status: 'draft', createdBy: mine, version: 3 });
    const { requests } = signedInApi(
      api(draft, {
        [`POST /api/blog/posts/${draft._id}/submission`]: () =>
          json(200, { ...draft, status: 'in_review', version: 5 }),
      }),
      WRITER,
    );
    const dialog = await openForm(draft);
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).toBeNull();
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Post submitted for review.')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/blog/posts/${draft._id}`)[0])).toMatchObject(
      {
        version: 3,
        status: 'draft',
      },
    );
    const submitted = callsTo(requests, 'POST', `/api/blog/posts/${draft._id}/submission`);
    expect(await bodyOf(submitted[0])).toEqual({ version: 4 });
  }, 30_000);

  it('shows a Contributor that their post waits, and offers no step while it does', async () => {
    const waiting = blogPost({
      status: 'in_review',
      createdBy: mine,
      submittedAt: '2026-03-02T10:00:00Z',
    });
    signedInApi(api(waiting), WRITER);
    const dialog = await openForm(waiting);
    expect(within(dialog).getByText('In review: waiting for an Editor')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send back' })).toBeNull();
    const status = within(dialog).getByRole('combobox', { name: /^Status/ });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft', 'In review']);
  }, 30_000);

  it('shows the writer the note their post was sent back with', async () => {
    const sentBack = blogPost({
      status: 'draft',
      createdBy: mine,
      reviewNote: {
        text: 'Open with the example.',
        by: { id: EDITOR._id, name: 'Eve Editor' },
        at: '2026-03-02T11:00:00Z',
      },
    });
    signedInApi(api(sentBack), WRITER);
    const dialog = await openForm(sentBack);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Sent back by Eve Editor: Open with the example.',
    );
    expect(within(dialog).getByRole('button', { name: 'Submit for review' })).toBeVisible();
  }, 30_000);

  it('offers an Editor Publish and Send back, and sending back needs a note', async () => {
    const waiting = blogPost({ status: 'in_review', createdBy: mine, version: 2 });
    const { requests } = signedInApi(
      api(waiting, {
        [`POST /api/blog/posts/${waiting._id}/review`]: () =>
          json(200, { ...waiting, status: 'draft', version: 4 }),
      }),
      EDITOR,
    );
    const dialog = await openForm(waiting);
    const user = userEvent.setup();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Submit for review' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Send back to the writer' });
    await user.click(within(ask).getByRole('button', { name: 'Send back' }));
    expect(within(ask).getByRole('alert')).toHaveTextContent('A note for the writer is required');
    expect(callsTo(requests, 'POST', `/api/blog/posts/${waiting._id}/review`)).toHaveLength(0);

    await user.type(within(ask).getByLabelText('Note for the writer'), 'Shorter intro, please.');
    await user.click(within(ask).getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('Post sent back to its writer.')).toBeVisible();
    const review = callsTo(requests, 'POST', `/api/blog/posts/${waiting._id}/review`);
    expect(await bodyOf(review[0])).toEqual({
      decision: 'send_back',
      note: 'Shorter intro, please.',
      version: 3,
    });
  }, 30_000);

  it('lets an Editor publish a post in review', async () => {
    const waiting = blogPost({ status: 'in_review', createdBy: mine, version: 2 });
    const { requests } = signedInApi(
      api(waiting, {
        [`POST /api/blog/posts/${waiting._id}/review`]: () =>
          json(200, { ...waiting, status: 'published', version: 4 }),
      }),
      ADMIN,
    );
    const dialog = await openForm(waiting);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Post published.')).toBeVisible();
    const review = callsTo(requests, 'POST', `/api/blog/posts/${waiting._id}/review`);
    await waitFor(() => expect(review).toHaveLength(1));
    expect(await bodyOf(review[0])).toMatchObject({ decision: 'publish', version: 3 });
  }, 30_000);

  it('lists a post in review with its badge, offers the filter, and no edit of another writer’s post', async () => {
    const theirs = blogPost({ status: 'in_review', createdBy: mine });
    signedInApi(api(theirs), accountOf('author'));
    renderAdmin('/admin/blog');
    expect(await screen.findByText(theirs.title)).toBeVisible();
    expect(within(screen.getByRole('table')).getByText('In review')).toBeVisible();
    expect(screen.getByRole('button', { name: 'In review' })).toBeVisible();
    expect(screen.queryByRole('button', { name: `Edit ${theirs.title}` })).toBeNull();
  }, 30_000);
});
