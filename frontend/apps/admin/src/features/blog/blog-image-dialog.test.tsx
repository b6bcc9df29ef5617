import type { MediaItem } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RICH_EDIT_PAUSE_MS } from '@/editor/markdown-editor';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { newId } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const COVER: MediaItem = {
  _id: newId(),
  url: '/media/cover-abc.webp',
  title: 'Cover',
  alt: 'A desk by the window',
  fileName: 'cover.webp',
  kind: 'image',
  mimeType: 'image/webp',
  size: 1000,
  tags: [],
  variants: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
} as unknown as MediaItem;

const api = () =>
  signedInApi({
    'GET /api/blog/posts': () =>
      json(200, { blogs: [], totalItems: 0, totalPages: 1, currentPage: 1 }),
    'GET /api/blog/categories': () => json(200, []),
    'GET /api/tags': () => json(200, []),
    'GET /api/media': () =>
      json(200, { media: [COVER], totalItems: 1, totalPages: 1, currentPage: 1 }),
    'POST /api/blog/posts': () => json(201, {}),
  });

const openImageDialog = async () => {
  renderAdmin('/admin/blog/new');
  const user = userEvent.setup();
  const form = await screen.findByRole('dialog', { name: 'New Blog Post' });
  await waitFor(() =>
    expect(form.querySelector('.atelier-mdx-content[contenteditable="true"]')).not.toBeNull(),
  );
  return { user, form };
};

describe('the editor’s image button', () => {
  it('offers the media library in the back office’s dialog and inserts the relative address with the library’s alt text', async () => {
    const { requests } = api();
    const { user, form } = await openImageDialog();
    await user.click(within(form).getByRole('button', { name: 'Markdown' }));
    await user.click(within(form).getByRole('button', { name: 'Image' }));

    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    expect(within(dialog).getByLabelText('Upload an image')).toBeDefined();
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Cover' }));
    expect(within(dialog).getByLabelText('Image address')).toHaveValue('/media/cover-abc.webp');
    expect(within(dialog).getByLabelText('Alt text')).toHaveValue('A desk by the window');
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Insert an image' })).toBeNull(),
    );

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /markdown source/ })).toHaveValue(
        '![A desk by the window](/media/cover-abc.webp)',
      ),
    );
    await user.type(
      within(form).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'Pictures',
    );
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/api/blog/posts')).toHaveLength(1));
    const body = await bodyOf(callsTo(requests, 'POST', '/api/blog/posts')[0]);
    expect(body.content).toBe('![A desk by the window](/media/cover-abc.webp)');
  }, 30_000);

  it('lets the alt text be overridden for this place, and refuses an address it cannot use', async () => {
    api();
    const { user, form } = await openImageDialog();
    await user.click(within(form).getByRole('button', { name: 'Markdown' }));
    await user.click(within(form).getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    await user.type(within(dialog).getByLabelText('Image address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(await within(dialog).findByText(/Choose an image, or enter an address/)).toBeVisible();

    await user.click(await within(dialog).findByRole('button', { name: 'Choose Cover' }));
    const alt = within(dialog).getByLabelText('Alt text');
    await user.clear(alt);
    await user.type(alt, 'Our studio [[2026]');
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /markdown source/ })).toHaveValue(
        '![Our studio \\[2026\\]](/media/cover-abc.webp)',
      ),
    );
  }, 30_000);

  it('inserts into the visual editor too', async () => {
    api();
    const { user, form } = await openImageDialog();
    await user.click(within(form).getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Cover' }));
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Insert an image' })).toBeNull(),
    );
    // The visual editor passes its text on after a short pause in editing.
    await new Promise((resolve) => setTimeout(resolve, RICH_EDIT_PAUSE_MS * 3));
    await user.click(within(form).getByRole('button', { name: 'Markdown' }));
    expect(
      (within(form).getByRole('textbox', { name: /markdown source/ }) as HTMLTextAreaElement).value,
    ).toContain('![A desk by the window](/media/cover-abc.webp)');
  }, 30_000);
});
