import type { ContentPage } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { renderMarkdown } from '@atelier/ui/render-markdown';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as lazyEditor from '@/editor/lazy-editor';
import type { MarkdownEditorProps } from '@/editor/markdown-editor';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { renderAdmin } from '@/test/render-app';
import { CONFLICT_MARKS } from './three-way';

// The editor's own tests drive MDXEditor; here a plain text area stands in for it. A spy rather
// than `vi.mock`: the files of a worker share their modules, and a module mock reaches only
// modules not loaded yet.
beforeEach(() => {
  vi.spyOn(lazyEditor, 'MarkdownEditor').mockImplementation(
    ({ ariaLabel, value, onChange }: MarkdownEditorProps) => (
      <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value)} />
    ),
  );
});

const BASE = 'We keep your email.\n\nWe never sell it.\n\nAsk us to delete it.';

const privacy = (content: string, version: number): ContentPage => ({
  _id: '65a1b2c3d4e5f6cccccccc02',
  version,
  createdBy: null,
  updatedBy: version > 1 ? { id: '65a1b2c3d4e5f6dddddddd01', name: 'Grace Hopper' } : null,
  type: 'privacy',
  title: 'Privacy Policy',
  subtitle: 'Your data',
  description: 'What we keep.',
  vision: '',
  mission: '',
  values: [],
  content,
  contentHtml: renderMarkdown(content),
  sections: [],
  status: 'published',
  lastUpdated: '2026-01-15T00:00:00Z',
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-03-04T09:00:00Z',
});

const stale = (current: ContentPage) =>
  json(409, {
    code: 'stale',
    message: 'Someone else saved this page since you opened it.',
    current,
    changedBy: { id: '65a1b2c3d4e5f6dddddddd01', name: 'Grace Hopper' },
    changedAt: '2026-03-05T10:30:00Z',
  });

/** The privacy policy, saved meanwhile by Grace with `theirs`; the first PUT is stale. */
const setup = (theirs: string) => {
  const current = privacy(theirs, 2);
  let puts = 0;
  const api = signedInApi({
    'GET /api/content/privacy': () => json(200, privacy(BASE, 1)),
    'PUT /api/content/privacy': async (request) => {
      puts += 1;
      if (puts === 1) return stale(current);
      const body = (await request.clone().json()) as { content: string };
      return json(200, privacy(body.content, 3));
    },
  });
  renderAdmin('/admin/content?tab=privacy');
  return { ...api, user: userEvent.setup() };
};

/** Edits the policy's content to `mine` and saves it. */
const editAndSave = async (user: ReturnType<typeof userEvent.setup>, mine: string) => {
  await user.click(await screen.findByRole('button', { name: 'Edit Content' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Content' }), {
    target: { value: mine },
  });
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
};

describe('A save that meets a newer version', () => {
  it('names the field by its label, shows their change, and saves a clean merge from their version', async () => {
    const mine = BASE.replace('We keep your email.', 'We keep your email address only.');
    const theirs = BASE.replace('Ask us to delete it.', 'Write to us to delete it.');
    const { requests, user } = setup(theirs);
    await editAndSave(user, mine);

    // The view opens at once over the banner (as soon as its code is loaded, at once when an
    // earlier test loaded it).
    let view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    // What Grace changed since the form was opened: the history panel's line diff.
    expect(view).toHaveTextContent('Write to us to delete it.');
    await user.keyboard('{Escape}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Grace Hopper changed this page at/);
    expect(alert).toHaveTextContent('You both changed Content.');
    // The person's text stays in the form.
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue(mine);

    await user.click(within(alert).getByRole('button', { name: 'Compare and merge' }));
    view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.click(within(view).getByRole('button', { name: 'Merge' }));

    const merge = await screen.findByRole('dialog', { name: 'Merge the changes' });
    const merged = within(merge).getByRole('textbox', { name: 'Content' });
    expect(merged).toHaveValue(
      'We keep your email address only.\n\nWe never sell it.\n\nWrite to us to delete it.',
    );
    await user.click(within(merge).getByRole('button', { name: 'Save merged' }));

    expect(await screen.findByText('Content saved successfully!')).toBeVisible();
    const puts = callsTo(requests, 'PUT', '/api/content/privacy');
    expect(puts).toHaveLength(2);
    expect(await bodyOf(puts[1])).toMatchObject({
      version: 2,
      content: 'We keep your email address only.\n\nWe never sell it.\n\nWrite to us to delete it.',
    });
  });

  it('marks lines both changed and saves only once no mark is left', async () => {
    const mine = BASE.replace('We never sell it.', 'We never sell it, ever.');
    const theirs = BASE.replace('We never sell it.', 'We never sell or share it.');
    const { requests, user } = setup(theirs);
    await editAndSave(user, mine);

    const view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.click(within(view).getByRole('button', { name: 'Merge' }));
    const merge = await screen.findByRole('dialog', { name: 'Merge the changes' });
    const text = within(merge).getByRole('textbox', { name: 'Content' });
    expect(text).toHaveValue(
      [
        'We keep your email.',
        '',
        CONFLICT_MARKS.mine,
        'We never sell it, ever.',
        CONFLICT_MARKS.divider,
        'We never sell or share it.',
        CONFLICT_MARKS.theirs,
        '',
        'Ask us to delete it.',
      ].join('\n'),
    );
    const save = within(merge).getByRole('button', { name: 'Save merged' });
    expect(save).toBeDisabled();
    expect(within(merge).getByText(/Resolve the marked places in Content/)).toBeVisible();

    const resolved = BASE.replace('We never sell it.', 'We never sell or share it, ever.');
    fireEvent.change(text, { target: { value: resolved } });
    expect(save).toBeEnabled();
    await user.click(save);

    await screen.findByText('Content saved successfully!');
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/content/privacy')[1])).toMatchObject({
      version: 2,
      content: resolved,
    });
  });

  it('keeps the text in the form when the view is closed, and takes theirs on request', async () => {
    const mine = BASE.replace('We never sell it.', 'Mine.');
    const theirs = BASE.replace('We never sell it.', 'Theirs.');
    const { requests, user } = setup(theirs);
    await editAndSave(user, mine);

    await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue(mine);

    await user.click(screen.getByRole('button', { name: 'Compare and merge' }));
    const view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.click(within(view).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue(theirs);
    expect(screen.queryByRole('alert')).toBe(null);
    expect(callsTo(requests, 'PUT', '/api/content/privacy')).toHaveLength(1);
  });
});
