import type { BlogPost, ContentPage, Revision } from '@atelier/api-client/api';
import { json, type MockHandler, never } from '@atelier/api-client/test/mock-api';
import { renderMarkdown } from '@atelier/ui/render-markdown';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { callsTo, signedInApi } from '@/test/admin-api';
import { newId } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { HISTORY_EMPTY } from './history-panel';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
  setMatchingMedia(MEDIUM_SCREEN_QUERY);
});

const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Shipping on Fridays',
  slug: 'shipping-on-fridays',
  excerpt: 'Why we do it.',
  content: 'We ship on Fridays.\n\nEvery week.\n',
  featuredImage: '',
  category: null,
  categoryName: '',
  tags: [],
  tagNames: '',
  authorName: 'Maya Chen',
  status: 'draft',
  featured: false,
  metaTitle: 'Shipping on Fridays',
  metaDescription: '',
  views: 0,
  images: [],
  publishAt: null,
  submittedAt: null,
  reviewNote: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-07T10:00:00Z',
  contentHtml: '',
  ...overrides,
});

const CURRENT = post();
const OLDER = post({
  _id: CURRENT._id,
  title: 'Shipping on Mondays',
  content: 'We ship on Mondays.\n\nEvery week.\n',
  updatedAt: '2026-01-06T09:30:00Z',
});

const revision = (overrides: Partial<Revision> = {}): Revision => ({
  _id: newId(),
  recordId: CURRENT._id,
  authorId: newId(),
  authorName: 'Ada Admin',
  createdAt: '2026-01-07T10:00:00Z',
  savedAt: '2026-01-06T09:30:00Z',
  ...overrides,
});

const NEWEST = revision();
const OLDEST = revision({
  authorName: 'Grace Editor',
  createdAt: '2026-01-06T09:30:00Z',
  savedAt: '2026-01-05T10:00:00Z',
});

const base = `/api/blog/posts/${CURRENT._id}`;
const listing = (revisions: MockHandler) => ({
  'GET /api/blog/posts': () =>
    json(200, { blogs: [CURRENT], totalItems: 1, totalPages: 1, currentPage: 1 }),
  'GET /api/blog/categories': () => json(200, []),
  'GET /api/tags': () => json(200, []),
  [`GET ${base}/revisions`]: revisions,
  [`GET ${base}/revisions/${NEWEST._id}`]: () => json(200, { revision: NEWEST, snapshot: OLDER }),
  [`GET ${base}/revisions/${OLDEST._id}`]: () =>
    json(200, { revision: OLDEST, snapshot: post({ _id: CURRENT._id, title: 'First draft' }) }),
});

const openHistory = async () => {
  const user = userEvent.setup();
  renderAdmin(`/admin/blog/edit/${CURRENT._id}`);
  const form = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
  await waitFor(() => expect(form.querySelector('.atelier-mdx-content')).not.toBeNull());
  await user.click(within(form).getByRole('button', { name: 'History' }));
  const panel = await screen.findByRole('dialog', { name: `History: ${CURRENT.title}` });
  return { user, form, panel };
};

describe('History panel', () => {
  it('holds the list’s place with skeletons while the versions load', async () => {
    signedInApi(listing(never));
    const { panel } = await openHistory();
    expect(within(panel).getByRole('status', { name: 'Loading versions…' })).toBeVisible();
  });

  it('says there are no versions yet', async () => {
    signedInApi(listing(() => json(200, [])));
    const { panel } = await openHistory();
    expect(await within(panel).findByText(HISTORY_EMPTY)).toBeVisible();
  });

  it('says why the versions could not be read, and asks again', async () => {
    let calls = 0;
    signedInApi(
      listing(() => {
        calls += 1;
        return calls === 1
          ? json(500, { message: 'The database is down' })
          : json(200, [NEWEST, OLDEST]);
      }),
    );
    const { user, panel } = await openHistory();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The database is down');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(panel).findByRole('list', { name: 'Versions, newest first' }),
    ).toBeVisible();
  });

  it('lists the versions newest first with who replaced them, and compares the newest with the form', async () => {
    signedInApi(listing(() => json(200, [NEWEST, OLDEST])));
    const { user, panel } = await openHistory();
    const list = await within(panel).findByRole('list', { name: 'Versions, newest first' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveTextContent('Jan 6, 2026');
    expect(first).toHaveTextContent('Replaced by Ada Admin');
    expect(second).toHaveTextContent('Replaced by Grace Editor');
    expect(first).toHaveAttribute('aria-current', 'true');

    const title = await within(panel).findByRole('region', { name: 'Title changes' });
    expect(title.querySelector('del')).toHaveTextContent('Mondays');
    expect(title.querySelector('ins')).toHaveTextContent('Fridays');
    const content = within(panel).getByRole('region', { name: 'Content changes' });
    expect(content.querySelector('del')).toHaveTextContent('Mondays');
    expect(within(panel).queryByRole('region', { name: 'Excerpt changes' })).toBeNull();

    // The keyboard moves along the list; Enter shows the older version.
    first?.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      await within(panel).findByRole('heading', { name: /Version saved Jan 5, 2026/ }),
    ).toBeVisible();
    const older = await within(panel).findByRole('region', { name: 'Title changes' });
    expect(older).toHaveTextContent(/This version\s*First draft/);

    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect(within(panel).queryByRole('region', { name: 'Title changes' })).toBeNull();
    expect(await within(panel).findByText('We ship on Fridays.')).toBeVisible();
  });

  it('restores a version as a new save, says so, and fills the form with it', async () => {
    const { requests } = signedInApi({
      ...listing(() => json(200, [NEWEST, OLDEST])),
      [`POST ${base}/revisions/${NEWEST._id}/restore`]: () =>
        json(200, { ...OLDER, updatedAt: '2026-01-08T10:00:00Z' }),
    });
    const { user, form, panel } = await openHistory();
    await user.click(await within(panel).findByRole('button', { name: 'Restore this version' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    expect(ask).toHaveTextContent('The current version stays in the history');
    await user.click(within(ask).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText(/The version of Jan 6, 2026.* was restored\./)).toBeVisible();
    expect(callsTo(requests, 'POST', `${base}/revisions/${NEWEST._id}/restore`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /History/ })).toBeNull());
    expect(within(form).getByLabelText(/Title/, { selector: 'input[name="title"]' })).toHaveValue(
      'Shipping on Mondays',
    );
    // The restored version is what the form holds now: closing it asks nothing.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks more plainly before restoring over unsaved changes, and keeps them when told to stay', async () => {
    const { requests } = signedInApi(listing(() => json(200, [NEWEST, OLDEST])));
    const user = userEvent.setup();
    renderAdmin(`/admin/blog/edit/${CURRENT._id}`);
    const form = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const title = within(form).getByLabelText(/Title/, { selector: 'input[name="title"]' });
    await user.type(title, ' and more');
    await user.click(within(form).getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: /History/ });
    // The comparison is with the form as it is now, unsaved words included.
    const changes = await within(panel).findByRole('region', { name: 'Title changes' });
    expect(changes.querySelector('ins')).toHaveTextContent(/Fridays and more/);

    await user.click(within(panel).getByRole('button', { name: 'Restore this version' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('The form has unsaved changes');
    expect(
      within(ask).getByRole('button', { name: 'Discard my changes and restore' }),
    ).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(requests, 'POST', `${base}/revisions/${NEWEST._id}/restore`)).toHaveLength(0);
    expect(title).toHaveValue('Shipping on Fridays and more');
  });

  it('keeps the dialog open with the reason when a restore is refused', async () => {
    signedInApi({
      ...listing(() => json(200, [NEWEST])),
      [`POST ${base}/revisions/${NEWEST._id}/restore`]: () =>
        json(409, { message: 'Another post has the slug shipping-on-fridays now' }),
    });
    const { user, panel } = await openHistory();
    await user.click(await within(panel).findByRole('button', { name: 'Restore this version' }));
    const ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Restore' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Another post has the slug shipping-on-fridays now',
    );
  });

  it('on a phone shows the list, then the chosen version with the focus on its heading', async () => {
    setMatchingMedia();
    signedInApi(listing(() => json(200, [NEWEST, OLDEST])));
    const { user, panel } = await openHistory();
    const list = await within(panel).findByRole('list', { name: 'Versions, newest first' });
    expect(within(panel).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    await user.click(within(list).getAllByRole('button')[1] as HTMLElement);
    const heading = await within(panel).findByRole('heading', { name: /Version saved Jan 5/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(panel).queryByRole('list', { name: 'Versions, newest first' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: '← All versions' }));
    expect(within(panel).getByRole('list', { name: 'Versions, newest first' })).toBeVisible();
  });
});

describe('History panel of a content page', () => {
  const page = (overrides: Partial<ContentPage> = {}): ContentPage => ({
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: newId(),
    type: 'privacy',
    title: 'Privacy Policy',
    subtitle: '',
    description: '',
    vision: '',
    mission: '',
    values: [],
    content: 'We keep **nothing**.\n',
    sections: [],
    status: 'published',
    lastUpdated: '2026-01-05T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-05T00:00:00Z',
    contentHtml: renderMarkdown(overrides.content ?? 'We keep **nothing**.\n'),
    ...overrides,
  });

  it('restores from the view mode, and the page shows the restored text', async () => {
    const now = page();
    const before = page({ _id: now._id, content: 'We keep **everything**.\n' });
    const kept = revision({ recordId: now._id });
    signedInApi({
      'GET /api/content/privacy': () => json(200, now),
      'GET /api/content/privacy/revisions': () => json(200, [kept]),
      [`GET /api/content/privacy/revisions/${kept._id}`]: () =>
        json(200, { revision: kept, snapshot: before }),
      [`POST /api/content/privacy/revisions/${kept._id}/restore`]: () => json(200, before),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/content?tab=privacy');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History: Privacy Policy' });
    const content = await within(panel).findByRole('region', { name: 'Content changes' });
    expect(content.querySelector('del')).toHaveTextContent('everything');
    await user.click(within(panel).getByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByText(/was restored\./)).toBeVisible();
    expect(await screen.findByText('everything')).toBeVisible();
  });
});
