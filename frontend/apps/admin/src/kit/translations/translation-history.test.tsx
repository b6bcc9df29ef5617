import type { Translation, TranslationRevision } from '@atelier/api-client/api';
import { json, type MockHandler, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { HISTORY_EMPTY } from '@/kit/history/history-panel';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { post, RUST, WEB } from '@/test/blog-post';
import { newId, settingsRecord, tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { germanTranslation, LANGUAGES } from '@/test/translations';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
  setMatchingMedia(MEDIUM_SCREEN_QUERY);
});

const translation = (overrides: Partial<Translation> = {}): Translation =>
  germanTranslation({
    status: 'upToDate',
    updatedAt: '2026-01-07T10:00:00Z',
    version: 3,
    ...overrides,
  });

const API = post();
const GERMAN = translation({
  fields: { title: 'APIs mit Freude', excerpt: 'Klare Namen.', content: 'Hallo Welt\n' },
  slug: 'apis-mit-freude',
  publication: 'draft',
});
const EARLIER = translation({
  fields: { title: 'APIs ohne Freude', excerpt: 'Klare Namen.', content: 'Hallo Mond\n' },
  slug: 'apis-ohne-freude',
  publication: 'draft',
  version: null,
});

const revision = (overrides: Partial<TranslationRevision> = {}): TranslationRevision => ({
  _id: newId(),
  recordId: API._id,
  lang: 'de',
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

const base = `/api/translations/post/${API._id}/de/revisions`;
const postApi = (revisions: MockHandler, more: Record<string, MockHandler> = {}) =>
  signedInApi({
    'GET /api/blog/posts': () =>
      json(200, { blogs: [API], totalItems: 1, totalPages: 1, currentPage: 1 }),
    [`GET /api/blog/posts/${API._id}`]: () => json(200, API),
    'GET /api/blog/categories': () => json(200, [WEB]),
    'GET /api/tags': () => json(200, [RUST]),
    'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
    [`GET /api/translations/post/${API._id}`]: () =>
      json(200, {
        id: API._id,
        kind: 'post',
        defaultLanguage: 'en',
        translatable: ['title', 'excerpt', 'content', 'metaTitle', 'metaDescription'],
        translations: [GERMAN],
      }),
    [`GET ${base}`]: revisions,
    [`GET ${base}/${NEWEST._id}`]: () => json(200, { ...NEWEST, translation: EARLIER }),
    [`GET ${base}/${OLDEST._id}`]: () =>
      json(200, {
        ...OLDEST,
        translation: translation({ fields: { title: 'Erster Entwurf' }, version: null }),
      }),
    ...more,
  });

/** Opens the German tab of the post's editor and its History. */
const openHistory = async () => {
  const user = userEvent.setup();
  renderAdmin(`/admin/blog/edit/${API._id}`);
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog Post' }));
  await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
  const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
  await user.click(within(form).getByRole('button', { name: 'History' }));
  const panel = await screen.findByRole('dialog', { name: 'History: Deutsch translation' });
  return { user, form, panel };
};

describe('a language tab’s history', () => {
  it('holds the list’s place with skeletons while the versions load', async () => {
    postApi(never);
    const { panel } = await openHistory();
    expect(within(panel).getByRole('status', { name: 'Loading versions…' })).toBeVisible();
  }, 30_000);

  it('says the language has no earlier versions yet', async () => {
    postApi(() => json(200, []));
    const { panel } = await openHistory();
    expect(await within(panel).findByText(HISTORY_EMPTY)).toBeVisible();
  }, 30_000);

  it('lists that language’s versions newest first and compares one with the tab’s texts', async () => {
    const { requests } = postApi(() => json(200, [NEWEST, OLDEST]));
    const { user, panel } = await openHistory();
    const list = await within(panel).findByRole('list', { name: 'Versions, newest first' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveTextContent('Replaced by Ada Admin');
    expect(second).toHaveTextContent('Replaced by Grace Editor');
    expect(callsTo(requests, 'GET', base)).toHaveLength(1);

    const title = await within(panel).findByRole('region', { name: 'Title changes' });
    expect(title.querySelector('del')).toHaveTextContent('ohne');
    expect(title.querySelector('ins')).toHaveTextContent('mit');
    const slug = within(panel).getByRole('region', { name: 'Slug changes' });
    expect(slug.querySelector('del')).toHaveTextContent('ohne');
    const content = within(panel).getByRole('region', { name: 'Content changes' });
    expect(content.querySelector('del')).toHaveTextContent('Mond');
    expect(within(panel).queryByRole('region', { name: 'Excerpt changes' })).toBeNull();

    // Its texts, read only.
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    const texts = within(panel).getByRole('region', { name: 'Deutsch texts of this version' });
    expect(texts).toHaveTextContent('APIs ohne Freude');
    expect(texts).toHaveTextContent('Hallo Mond');
    expect(within(texts).queryByRole('textbox')).toBeNull();
  }, 30_000);

  it('restores a version: asked first, said in a toast, the tab’s form holding its texts and version', async () => {
    const RESTORED = { ...EARLIER, status: 'outdated' as const, version: 4 };
    const { requests } = postApi(() => json(200, [NEWEST, OLDEST]), {
      [`POST ${base}/${NEWEST._id}/restore`]: () => json(200, RESTORED),
      [`PUT /api/translations/post/${API._id}/de`]: () => json(200, { ...RESTORED, version: 5 }),
    });
    const { user, form, panel } = await openHistory();
    await user.click(await within(panel).findByRole('button', { name: 'Restore this version' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    expect(ask).toHaveTextContent('The current version stays in the history');
    await user.click(within(ask).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/The version of Jan 6, 2026.* was restored\./)).toBeVisible();
    expect(callsTo(requests, 'POST', `${base}/${NEWEST._id}/restore`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /History/ })).toBeNull());
    expect(within(form).getByLabelText('Title')).toHaveValue('APIs ohne Freude');
    expect(within(form).getByLabelText('Slug')).toHaveValue('apis-ohne-freude');
    // The tab's language list is read again (its status may have changed).
    await waitFor(() =>
      expect(callsTo(requests, 'GET', `/api/translations/post/${API._id}`).length).toBe(2),
    );

    // The next save sends the restored version's number, not the one the tab opened with.
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await screen.findByText('Deutsch translation saved.')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/translations/post/${API._id}/de`)[0]);
    expect(body.version).toBe(4);
    expect(body.fields).toMatchObject({ title: 'APIs ohne Freude' });
  }, 30_000);

  it('shows the server’s reason when a restore is refused (a slug taken since, a role)', async () => {
    postApi(() => json(200, [NEWEST]), {
      [`POST ${base}/${NEWEST._id}/restore`]: () =>
        json(409, { message: 'Another record already has the slug apis-ohne-freude in de' }),
    });
    const { user, form, panel } = await openHistory();
    await user.click(await within(panel).findByRole('button', { name: 'Restore this version' }));
    const ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Restore' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Another record already has the slug apis-ohne-freude in de',
    );
    expect(within(form).getByLabelText('Title')).toHaveValue(GERMAN.fields.title);
  }, 30_000);

  it('asks more plainly over the tab’s unsaved edits', async () => {
    postApi(() => json(200, [NEWEST]));
    const user = userEvent.setup();
    renderAdmin(`/admin/blog/edit/${API._id}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog Post' }));
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.type(within(form).getByLabelText('Title'), ' und mehr');
    await user.click(within(form).getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History: Deutsch translation' });
    const changes = await within(panel).findByRole('region', { name: 'Title changes' });
    // Compared with the tab as it is now, unsaved words included.
    const added = [...changes.querySelectorAll('ins')].map((mark) => mark.textContent).join(' ');
    expect(added).toMatch(/und mehr/);
    await user.click(within(panel).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The form has unsaved changes',
    );
  }, 30_000);
});

describe('a tag’s language tab history', () => {
  it('reads the tag’s translation revisions in that language', async () => {
    const RUSTY = tag({ name: 'Rust', slug: 'rust' });
    const tagBase = `/api/translations/tag/${RUSTY._id}/de/revisions`;
    const kept = revision({ recordId: RUSTY._id });
    const { requests } = signedInApi({
      'GET /api/tags': () => json(200, [RUSTY]),
      'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
      [`GET /api/translations/tag/${RUSTY._id}`]: () =>
        json(200, {
          id: RUSTY._id,
          kind: 'tag',
          defaultLanguage: 'en',
          translatable: ['name', 'description'],
          translations: [translation({ fields: { name: 'Rost' }, slug: 'rost' })],
        }),
      [`GET ${tagBase}`]: () => json(200, [kept]),
      [`GET ${tagBase}/${kept._id}`]: () =>
        json(200, {
          ...kept,
          translation: translation({ fields: { name: 'Rostig' }, slug: 'rostig', version: null }),
        }),
    });
    const user = userEvent.setup();
    renderAdmin(`/admin/tags/edit/${RUSTY._id}`);
    await user.click(await screen.findByRole('tab', { name: /Deutsch/ }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    await user.click(within(form).getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History: Deutsch translation' });
    const name = await within(panel).findByRole('region', { name: 'Name changes' });
    expect(name.querySelector('del')).toHaveTextContent('Rostig');
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect(
      within(panel).getByRole('region', { name: 'Deutsch texts of this version' }),
    ).toHaveTextContent('Rostig');
    expect(callsTo(requests, 'GET', tagBase)).toHaveLength(1);
  }, 30_000);
});
