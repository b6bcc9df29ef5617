import type { BlogPost } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { post, RUST, WEB } from '@/test/blog-post';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { translationParams } from './blog-translation-filter';

const API = post();
const LANGUAGES = [
  { tag: 'en', name: 'English', direction: 'ltr' as const },
  { tag: 'de', name: 'Deutsch', direction: 'ltr' as const },
  { tag: 'fr-CA', name: 'Français', direction: 'ltr' as const },
];

const page = (rows: BlogPost[]) => ({
  blogs: rows,
  totalItems: rows.length,
  totalPages: 1,
  currentPage: 1,
});

const api = (languages = LANGUAGES) =>
  signedInApi({
    'GET /api/blog/posts': (request) =>
      json(200, page(new URL(request.url).searchParams.has('missingIn') ? [] : [API])),
    'GET /api/blog/categories': () => json(200, [WEB]),
    'GET /api/tags': () => json(200, [RUST]),
    'GET /api/settings': () => json(200, settingsRecord({ languages })),
  });

const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x').searchParams);

describe('the blog list filtered by translation', () => {
  it('offers Missing and Outdated in each language besides the default', async () => {
    api();
    renderAdmin('/admin/blog');
    const select = await screen.findByRole('combobox', { name: 'Translations' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'All Translations',
      'Missing in Deutsch',
      'Outdated in Deutsch',
      'Missing in Français',
      'Outdated in Français',
    ]);
  });

  it('asks the server for the chosen language and keeps it in the address', async () => {
    const { requests } = api();
    const { router } = renderAdmin('/admin/blog');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Translations' }),
      'Missing in Deutsch',
    );
    await waitFor(() =>
      expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1))).toMatchObject({
        missingIn: 'de',
        page: '1',
      }),
    );
    expect(router.state.location.search).toContain('translation=missing%3Ade');
    expect(await screen.findByText('No posts match the search or filter.')).toBeVisible();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Translations' }),
      'Outdated in Français',
    );
    await waitFor(() => {
      const query = queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1));
      expect(query).toMatchObject({ outdatedIn: 'fr-CA' });
      expect(query.missingIn).toBeUndefined();
    });
  });

  it('reads the filter from the address', async () => {
    const { requests } = api();
    renderAdmin('/admin/blog?translation=outdated%3Ade');
    expect(await screen.findByRole('combobox', { name: 'Translations' })).toHaveValue(
      'outdated:de',
    );
    await waitFor(() =>
      expect(queryOf(callsTo(requests, 'GET', '/api/blog/posts').at(-1))).toMatchObject({
        outdatedIn: 'de',
      }),
    );
  });

  it('is not offered on a site with one language', async () => {
    api(LANGUAGES.slice(0, 1));
    renderAdmin('/admin/blog');
    await screen.findByRole('table');
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Translations' })).toBeNull(),
    );
  });

  it('turns only well-formed values into the API parameters', () => {
    expect(translationParams('missing:de')).toEqual({ missingIn: 'de' });
    expect(translationParams('outdated:fr-CA')).toEqual({ outdatedIn: 'fr-CA' });
    expect(translationParams('stale:de')).toEqual({});
    expect(translationParams('missing:')).toEqual({});
    expect(translationParams(undefined)).toEqual({});
  });
});
