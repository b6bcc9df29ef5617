import type { Translation } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { post, RUST, WEB } from '@/test/blog-post';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { germanTranslation, LANGUAGES as TWO_LANGUAGES } from '@/test/translations';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const API = post();

const LANGUAGES = [...TWO_LANGUAGES, { tag: 'fr', name: 'Français', direction: 'ltr' as const }];

const translation = germanTranslation;

const GERMAN = translation({
  fields: { title: 'APIs, die Freude machen', excerpt: 'Klare Namen.', content: 'Hallo\n' },
  slug: 'apis-die-freude-machen',
  publication: 'draft',
  status: 'outdated',
  updatedAt: '2026-01-07T10:00:00Z',
  version: 3,
});

const api = (
  translations: Translation[] = [GERMAN, translation({ lang: 'fr' })],
  more: Record<string, (request: Request) => Response | Promise<Response>> = {},
) =>
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
        translations,
      }),
    ...more,
  });

const openEditor = async () => {
  renderAdmin(`/admin/blog/edit/${API._id}`);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
  return within(dialog);
};

describe('a post in several languages', () => {
  it('shows a tab per language, the default first, each with its status in words', async () => {
    api();
    const dialog = await openEditor();
    const tabs = await dialog.findAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'English: default language',
      'Deutsch: Outdated',
      'Français: Missing',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveTextContent('Outdated');
    // The default tab is the post's own form.
    expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  });

  it('shows no tabs on a site with one language', async () => {
    signedInApi({
      [`GET /api/blog/posts/${API._id}`]: () => json(200, API),
      'GET /api/blog/posts': () =>
        json(200, { blogs: [API], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/blog/categories': () => json(200, [WEB]),
      'GET /api/tags': () => json(200, [RUST]),
      'GET /api/settings': () => json(200, settingsRecord()),
    });
    const dialog = await openEditor();
    expect(await dialog.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(dialog.queryByRole('tab')).toBeNull();
  });

  it('saves a translation with its own version and says so', async () => {
    const { requests } = api(undefined, {
      [`PUT /api/translations/post/${API._id}/de`]: () =>
        json(200, {
          ...GERMAN,
          fields: { ...GERMAN.fields, title: 'Neu' },
          status: 'upToDate',
          version: 4,
        }),
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue(GERMAN.fields.title);
    await user.clear(title);
    await user.type(title, 'Neu');
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await screen.findByText('Deutsch translation saved.')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', `/api/translations/post/${API._id}/de`)[0]);
    expect(body.version).toBe(3);
    expect(body.fields).toMatchObject({ title: 'Neu', content: 'Hallo\n' });
    expect(body.slug).toBe(GERMAN.slug);
    expect(body.publication).toBe('draft');
  }, 30_000);

  it('keeps what was typed in a tab while another is open', async () => {
    api();
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Français/ }));
    const form = await dialog.findByRole('form', { name: 'Français translation' });
    await user.type(within(form).getByLabelText('Title'), 'Bonjour');
    await user.click(dialog.getByRole('tab', { name: /English/ }));
    await user.click(dialog.getByRole('tab', { name: /Français/ }));
    expect(within(form).getByLabelText('Title')).toHaveValue('Bonjour');
  }, 30_000);

  it('puts a refused field at its field', async () => {
    api(undefined, {
      [`PUT /api/translations/post/${API._id}/de`]: () =>
        json(422, {
          message: 'Invalid translation',
          errors: { 'fields.title': 'Title must be at most 200 characters' },
        }),
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await within(form).findByText('Title must be at most 200 characters')).toBeVisible();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('opens the conflict view for that language when the translation changed meanwhile', async () => {
    api(undefined, {
      [`PUT /api/translations/post/${API._id}/de`]: () =>
        json(409, {
          code: 'stale',
          message: 'This translation was changed',
          current: { ...GERMAN, fields: { ...GERMAN.fields, title: 'Ihr Titel' }, version: 4 },
          changedBy: { id: '65a1b2c3d4e5f60000000001', name: 'Grace' },
          changedAt: '2026-03-01T10:30:00Z',
        }),
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Mein Titel');
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await within(form).findByText(/Grace changed this Deutsch translation/)).toBeVisible();
    expect(title).toHaveValue('Mein Titel');
  }, 30_000);

  it('asks before deleting a translation', async () => {
    const { requests } = api(undefined, {
      [`DELETE /api/translations/post/${API._id}/de`]: () => new Response(null, { status: 204 }),
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.click(within(form).getByRole('button', { name: 'Delete translation' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete the Deutsch translation');
    await user.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Deutsch translation deleted.')).toBeVisible();
    expect(callsTo(requests, 'DELETE', `/api/translations/post/${API._id}/de`)).toHaveLength(1);
  }, 30_000);

  it('shows the default language beside the translation', async () => {
    api();
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.click(within(form).getByLabelText('Side by side with the default language'));
    const source = within(form).getByRole('region', { name: 'Default language' });
    expect(source).toHaveTextContent(API.title);
  }, 30_000);

  it('saves the tab shown with Ctrl+S (Cmd+S), not the default form behind it', async () => {
    const { requests } = api(undefined, {
      [`PUT /api/translations/post/${API._id}/de`]: () =>
        json(200, { ...GERMAN, status: 'upToDate', version: 4 }),
      [`PUT /api/blog/posts/${API._id}`]: () => json(200, API),
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    const form = await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.type(within(form).getByLabelText('Title'), '!');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Deutsch translation saved.')).toBeVisible();
    expect(callsTo(requests, 'PUT', `/api/translations/post/${API._id}/de`)).toHaveLength(1);
    expect(callsTo(requests, 'PUT', `/api/blog/posts/${API._id}`)).toHaveLength(0);

    // Back on the default tab, the shortcut saves the post itself again.
    await user.click(dialog.getByRole('tab', { name: /English/ }));
    await user.keyboard('{Meta>}s{/Meta}');
    await waitFor(() =>
      expect(callsTo(requests, 'PUT', `/api/blog/posts/${API._id}`)).toHaveLength(1),
    );
    expect(callsTo(requests, 'PUT', `/api/translations/post/${API._id}/de`)).toHaveLength(1);
  }, 30_000);

  it('asks before leaving the editor with unsaved edits in a language tab', async () => {
    api();
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Français/ }));
    const form = await dialog.findByRole('form', { name: 'Français translation' });
    await user.type(within(form).getByLabelText('Title'), 'Bonjour');
    // The edit is on a hidden tab now: closing still asks.
    await user.click(dialog.getByRole('tab', { name: /English/ }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Unsaved changes');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await user.click(dialog.getByRole('tab', { name: /Français/ }));
    expect(within(form).getByLabelText('Title')).toHaveValue('Bonjour');

    await user.click(dialog.getByRole('tab', { name: /English/ }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it('closes without asking when every language is saved', async () => {
    api();
    const dialog = await openEditor();
    const user = userEvent.setup();
    await user.click(await dialog.findByRole('tab', { name: /Deutsch/ }));
    await dialog.findByRole('form', { name: 'Deutsch translation' });
    await user.click(dialog.getByRole('tab', { name: /English/ }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  }, 30_000);
});
