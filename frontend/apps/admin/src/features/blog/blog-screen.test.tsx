import type { BlogPost } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { CONTENT, post, RUST, WEB } from '@/test/blog-post';
import { ADMIN, accountOf } from '@/test/fixtures';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  // The editor's quick reference is dismissed, as after an admin's first visit.
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const API = post();
const DRAFT = post({ title: 'Our Plans for the Year Ahead', slug: 'plans', status: 'draft' });

const page = (rows: BlogPost[], total = rows.length, totalCapped = false) => ({
  blogs: rows,
  totalItems: total,
  totalPages: Math.max(1, Math.ceil(total / 10)),
  currentPage: 1,
  totalCapped,
});

const listing = (rows = [API, DRAFT], total?: number, totalCapped?: boolean) => ({
  'GET /api/blog/posts': () => json(200, page(rows, total, totalCapped)),
  'GET /api/blog/categories': () => json(200, [WEB]),
  'GET /api/tags': () => json(200, [RUST]),
});

const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x').searchParams);

describe('Blog Posts Management', () => {
  it('lists a page of 10 posts from the server with status, category and author', async () => {
    const { requests } = signedInApi(listing([API, DRAFT], 12));
    renderAdmin('/admin/blog');

    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Designing APIs People Enjoy Using');
    expect(first).toHaveTextContent('/blog/designing-apis-people-enjoy-using');
    expect(first).toHaveTextContent('Web Development');
    expect(first).toHaveTextContent('Published');
    expect(first).toHaveTextContent('Maya Chen');
    expect(second).toHaveTextContent('Draft');
    expect(screen.getByText('Showing 1–10 of 12')).toBeVisible();
    expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts')[0])).toEqual({
      page: '1',
      limit: '10',
    });
    // The list never loads the editor.
    expect(document.querySelector('.atelier-editor')).toBeNull();
  });

  it('asks the server for the chosen status and the search, and pages', async () => {
    const { requests } = signedInApi(listing([API, DRAFT], 25));
    const { router } = renderAdmin('/admin/blog');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Draft' }));
    await waitFor(() =>
      expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1))).toMatchObject({
        status: 'draft',
      }),
    );
    await user.type(screen.getByRole('searchbox'), 'plans');
    await waitFor(() =>
      expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1))).toMatchObject({
        status: 'draft',
        search: 'plans',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('q=plans'));
    await user.click(await screen.findByRole('button', { name: /page 2/i }));
    await waitFor(() =>
      expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1))).toMatchObject({
        page: '2',
      }),
    );
  });

  it('says "1010+" when the server stopped counting a search\'s matches', async () => {
    signedInApi(listing([API, DRAFT], 1010, true));
    renderAdmin('/admin/blog?q=api');
    expect(await screen.findByText('Showing 1–10 of 1010+')).toBeVisible();
  });

  it('says when there are no posts, and when none match', async () => {
    signedInApi(listing([]));
    renderAdmin('/admin/blog');
    expect(await screen.findByText('No posts yet. Write your first post!')).toBeVisible();
  });

  it("shows 'Error loading posts: {error}' when the list fails", async () => {
    signedInApi({
      ...listing(),
      'GET /api/blog/posts': () => json(500, { message: 'Database unavailable' }),
    });
    renderAdmin('/admin/blog');
    expect(await screen.findByText('Error loading posts: Database unavailable')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('creates a post: the title makes the slug and the meta title, the content goes as written', async () => {
    const { requests } = signedInApi({
      ...listing([]),
      'POST /api/blog/posts': () => json(201, post({ title: 'Hello, World!' })),
    });
    renderAdmin('/admin/blog/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    await user.type(
      within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'Hello, World!',
    );
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('hello-world');
    expect(within(dialog).getByLabelText('Meta Title')).toHaveValue('Hello, World!');
    expect(within(dialog).getByText('13/60')).toBeVisible();
    expect(within(dialog).getByText('0/160')).toBeVisible();

    // The editor loads inside the form, 400 px high, and takes markdown source as typed.
    await user.click(await within(dialog).findByRole('button', { name: 'Markdown' }));
    const source = within(dialog).getByRole('textbox', { name: /markdown source/ });
    fireEvent.change(source, { target: { value: 'Intro with [[Ctrl]] and H~2~O.\r\n' } });

    await user.type(within(dialog).getByLabelText('Featured Image URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Featured Image URL'));
    await user.type(
      within(dialog).getByLabelText('Featured Image URL'),
      'https://example.com/a.png',
    );
    await user.selectOptions(within(dialog).getByLabelText('Category'), WEB._id);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Post created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/blog/posts')[0])).toEqual({
      title: 'Hello, World!',
      slug: 'hello-world',
      excerpt: '',
      content: 'Intro with [[Ctrl]] and H~2~O.\n',
      featuredImage: 'https://example.com/a.png',
      category: WEB._id,
      tags: [],
      // A new post's author is the signed-in person unless changed.
      authorName: 'Ada Lovelace',
      status: 'draft',
      featured: false,
      metaTitle: 'Hello, World!',
      metaDescription: '',
      publishAt: null,
    });
  }, 30_000);

  it("schedules a post: the list says 'Scheduled' and the time goes to the server as a UTC moment", async () => {
    const later = '2031-05-01T09:30:00Z';
    const SCHEDULED = post({ title: 'Launch Notes', slug: 'launch', publishAt: later });
    const { requests } = signedInApi({
      ...listing([SCHEDULED, API]),
      [`PUT /api/blog/posts/${API._id}`]: () => json(200, API),
    });
    renderAdmin('/admin/blog');
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    const [, scheduled, live] = within(table).getAllByRole('row');
    expect(scheduled).toHaveTextContent('Scheduled');
    expect(scheduled).toHaveTextContent('May 1, 2031');
    expect(live).toHaveTextContent('Published');
    expect(live).not.toHaveTextContent('Scheduled');

    await user.click(screen.getByRole('button', { name: `Edit ${API.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const field = within(dialog).getByLabelText('Publish at');
    expect(field).toHaveValue('');
    expect(within(dialog).getByText(/Time zone: /)).toBeVisible();
    fireEvent.change(field, { target: { value: '2031-06-02T08:15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Post updated successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/blog/posts/${API._id}`)[0]);
    expect(body.publishAt).toBe(new Date('2031-06-02T08:15').toISOString());
  }, 30_000);

  it('says who created a post and who changed it last, in its row and its form', async () => {
    const EDITED = post({
      title: 'Edited by two',
      createdBy: { id: '65f0000000000000000000a1', name: 'Cai Contributor' },
      updatedBy: { id: '65f0000000000000000000a2', name: 'Ben Editor' },
      updatedAt: '2026-03-05T15:04:00Z',
    });
    signedInApi(listing([EDITED]));
    renderAdmin('/admin/blog');
    const row = (await screen.findByText('Edited by two')).closest('tr') as HTMLElement;
    expect(within(row).getByText('by Ben Editor')).toBeVisible();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Edit Edited by two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(
      within(dialog).getByText(
        /^Created by Cai Contributor · Last changed by Ben Editor, Mar 5, 2026, /,
      ),
    ).toBeVisible();
  });

  it('opens a scheduled post with its time and clears it to publish at once', async () => {
    const SCHEDULED = post({
      title: 'Launch Notes',
      slug: 'launch',
      publishAt: '2031-05-01T09:30:00Z',
    });
    const { requests } = signedInApi({
      ...listing([SCHEDULED]),
      [`PUT /api/blog/posts/${SCHEDULED._id}`]: () => json(200, SCHEDULED),
    });
    renderAdmin(`/admin/blog/edit/${SCHEDULED._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const field = within(dialog).getByLabelText('Publish at');
    const local = new Date('2031-05-01T09:30:00Z');
    expect((field as HTMLInputElement).value).toBe(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}T${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Post updated successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/blog/posts/${SCHEDULED._id}`)[0]);
    expect(body.publishAt).toBeNull();
  }, 30_000);

  it('needs a title', async () => {
    signedInApi(listing([]));
    renderAdmin('/admin/blog/new');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
  });

  it('never rewrites a post it opens: closing asks nothing, saving sends the content unchanged', async () => {
    const { requests } = signedInApi({
      ...listing(),
      [`PUT /api/blog/posts/${API._id}`]: () => json(200, API),
    });
    renderAdmin(`/admin/blog/edit/${API._id}`);
    const user = userEvent.setup();

    let dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    await waitFor(() => expect(dialog.querySelector('.atelier-mdx-content')).not.toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await user.click(await screen.findByRole('button', { name: `Edit ${API.title}` }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    // The slug and meta title stay when the title changes on an existing post.
    await user.type(
      within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      '!',
    );
    expect(within(dialog).getByLabelText('Slug')).toHaveValue(API.slug);
    expect(within(dialog).getByLabelText('Meta Title')).toHaveValue(`${API.title}!`);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Post updated successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/blog/posts/${API._id}`)[0]);
    expect(body.content).toBe(CONTENT);
    expect(body.slug).toBe(API.slug);
  }, 30_000);

  it('asks before deleting a post', async () => {
    const { requests } = signedInApi({
      ...listing(),
      [`DELETE /api/blog/posts/${DRAFT._id}`]: () => new Response(null, { status: 204 }),
    });
    renderAdmin('/admin/blog');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: `Delete ${DRAFT.title}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this post?');
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Post deleted successfully!')).toBeVisible();
    expect(callsTo(requests, 'DELETE', `/api/blog/posts/${DRAFT._id}`)).toHaveLength(1);
  });
});

describe('Blog Posts Management, linked from elsewhere', () => {
  it('opens a post that is not on the page shown (a dashboard link)', async () => {
    const OLD = post({ title: 'An Older Post', slug: 'older' });
    signedInApi({ ...listing(), [`GET /api/blog/posts/${OLD._id}`]: () => json(200, OLD) });
    renderAdmin(`/admin/blog/edit/${OLD._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' })).toHaveValue(
      'An Older Post',
    );
  });
});

describe('Blog Posts Management, drafts kept in the browser', () => {
  it('offers back the post being written when the tab closed before saving', async () => {
    signedInApi(listing([]));
    const first = renderAdmin('/admin/blog/new');
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    await user.type(
      within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'Lost and found',
    );
    await waitFor(() =>
      expect(localStorage.getItem('atelier.draft.blog.new')).toContain('Lost and found'),
    );
    // The tab closes: nothing is unmounted on purpose, the copy stays.
    const copy = localStorage.getItem('atelier.draft.blog.new') as string;
    first.unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    localStorage.setItem('atelier.draft.blog.new', copy);

    renderAdmin('/admin/blog/new');
    dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    expect(
      within(dialog).getByText(/Unsaved changes from .* were kept in this browser/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Restore them' }));
    expect(within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' })).toHaveValue(
      'Lost and found',
    );
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('lost-and-found');
  });

  it('drops the copy when the admin leaves without saving', async () => {
    signedInApi(listing([]));
    renderAdmin('/admin/blog/new');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    await user.type(
      within(dialog).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'Never mind',
    );
    await waitFor(() => expect(localStorage.getItem('atelier.draft.blog.new')).not.toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(localStorage.getItem('atelier.draft.blog.new')).toBeNull());
  });

  it('lets a Contributor write a draft only, and change no post', async () => {
    signedInApi(listing(), accountOf('contributor'));
    renderAdmin('/admin/blog/new');
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    const status = within(dialog).getByRole('combobox', { name: /^Status/ });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft']);
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(API.title)).toBeVisible();
    expect(screen.queryByRole('button', { name: `Edit ${API.title}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${API.title}` })).toBeNull();
  });

  it('offers a Contributor Edit on their own draft only, not on their post an Editor published', async () => {
    const mine = { id: ADMIN._id, name: 'Cai Contributor' };
    const published = post({
      _id: '65f000000000000000000101',
      title: 'Published by an Editor',
      createdBy: mine,
    });
    const draft = post({
      _id: '65f000000000000000000102',
      title: 'Still a draft',
      slug: 'still-a-draft',
      status: 'draft',
      createdBy: mine,
    });
    signedInApi(listing([published, draft]), accountOf('contributor'));
    renderAdmin('/admin/blog');
    expect(await screen.findByRole('button', { name: 'Edit Still a draft' })).toBeVisible();
    expect(screen.getByText('Published by an Editor')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit Published by an Editor' })).toBeNull();
  });
});
