import type { MediaItem } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { json } from '@atelier/api-client/test/mock-api';
import * as upload from '@atelier/api-client/upload';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { newId } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

// The uploads (XMLHttpRequest, which jsdom cannot send) are answered here. A spy rather than `vi.mock`: the
// files of a worker share their modules, and a module mock reaches only modules not loaded yet.
let uploadForm: MockInstance<(...args: unknown[]) => Promise<unknown>>;

const HASH = 'ab'.repeat(32);
const media = (overrides: Partial<MediaItem> = {}): MediaItem => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Studio at night',
  alt: 'The studio lit at night',
  tags: ['office'],
  kind: 'image',
  mimeType: 'image/jpeg',
  fileName: 'studio-at-night.jpg',
  size: 2_411_724,
  width: 2400,
  height: 1600,
  url: `/media/${HASH}.jpg`,
  variants: [480, 960, 1600].map((width) => ({
    url: `/media/${HASH}-${width}w.webp`,
    width,
    height: (width * 2) / 3,
    size: 20_000,
  })),
  createdAt: '2026-03-04T10:00:00Z',
  updatedAt: '2026-03-04T10:00:00Z',
  ...overrides,
});

const STUDIO = media();
const BRIEF = media({
  title: 'Project brief',
  alt: '',
  tags: [],
  kind: 'document',
  mimeType: 'application/pdf',
  fileName: 'brief.pdf',
  size: 48_000,
  width: null,
  height: null,
  url: `/media/${'cd'.repeat(32)}.pdf`,
  variants: [],
});

const library = (rows: MediaItem[] = [STUDIO, BRIEF]) => ({
  'GET /api/media': () =>
    json(200, { media: rows, totalItems: rows.length, totalPages: 1, currentPage: 1 }),
  'GET /api/media/tags': () => json(200, [{ tag: 'office', count: 1 }]),
});

const lastListQuery = (requests: readonly Request[]) => {
  const calls = callsTo(requests, 'GET', '/api/media');
  return new URL((calls[calls.length - 1] as Request).url).searchParams;
};

beforeEach(() => {
  uploadForm = vi
    .spyOn(upload, 'uploadForm')
    .mockRejectedValue(new Error('this test uploads nothing')) as unknown as typeof uploadForm;
});

describe('Media Library', () => {
  it('shows the library as cards with thumbnails from the smallest copy', async () => {
    const { requests } = signedInApi(library());
    renderAdmin('/admin/media');

    const cards = within(await screen.findByRole('list', { name: 'Media items' })).getAllByRole(
      'button',
    );
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Details of Studio at night',
      'Details of Project brief',
    ]);
    const thumbnail = (cards[0] as HTMLElement).querySelector('img') as HTMLImageElement;
    expect(thumbnail).toHaveAttribute('src', `/media/${HASH}-480w.webp`);
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(cards[1]).toHaveTextContent('PDF · 46.9 KB');
    expect(screen.getByText('Showing 1–2 of 2')).toBeVisible();
    expect(lastListQuery(requests).get('limit')).toBe('24');
  });

  it('says "No media found" when nothing matches', async () => {
    signedInApi(library([]));
    renderAdmin('/admin/media');
    expect(await screen.findByText('No media found')).toBeVisible();
  });

  it('filters by type radio, tag and search, keeping each in the address', async () => {
    const { requests } = signedInApi(library());
    const { router } = renderAdmin('/admin/media');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Media items' });

    const radios = within(screen.getByRole('group', { name: 'Type' })).getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'All',
      'Images',
      'Documents',
      'Videos',
    ]);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Documents' }));
    await waitFor(() => expect(lastListQuery(requests).get('kind')).toBe('document'));

    await user.click(screen.getByRole('button', { name: 'office (1)' }));
    await waitFor(() => expect(lastListQuery(requests).get('tag')).toBe('office'));
    expect(screen.getByRole('button', { name: 'office (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'studio');
    await waitFor(() => expect(lastListQuery(requests).get('search')).toBe('studio'));
    expect(router.state.location.search).toBe('?kind=document&tag=office&q=studio');
  });

  it('opens the details panel with every fact, the link to copy and the editable fields', async () => {
    const { requests } = signedInApi({
      ...library(),
      [`PUT /api/media/${STUDIO._id}`]: () => json(200, { ...STUDIO, alt: 'A new description' }),
    });
    const { router } = renderAdmin('/admin/media');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Details of Studio at night' }));
    const panel = await screen.findByRole('complementary', { name: 'Studio at night' });
    expect(router.state.location.pathname).toBe(`/admin/media/${STUDIO._id}`);
    for (const [term, value] of [
      ['File name', 'studio-at-night.jpg'],
      ['Type', 'image/jpeg'],
      ['Size', '2.3 MB'],
      ['Dimensions', '2400 × 1600 px'],
      ['Uploaded', 'Mar 4, 2026'],
    ]) {
      expect(within(panel).getByText(term as string).nextElementSibling).toHaveTextContent(
        value as string,
      );
    }
    expect(within(panel).getByRole('textbox', { name: 'URL' })).toHaveValue(`/media/${HASH}.jpg`);
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    // Relative to the site, never tied to the host the admin used.
    expect(await navigator.clipboard.readText()).toBe(`/media/${HASH}.jpg`);
    expect(await within(panel).findByText('Link copied')).toBeVisible();

    expect(within(panel).getByRole('textbox', { name: /Title/ })).toHaveValue('Studio at night');
    const alt = within(panel).getByRole('textbox', { name: /Alt text/ });
    await user.clear(alt);
    await user.type(alt, 'A new description');
    await user.type(within(panel).getByRole('textbox', { name: 'Tags' }), 'Hero{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Media item updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/media/${STUDIO._id}`)[0])).toEqual({
      version: 1,
      title: 'Studio at night',
      alt: 'A new description',
      tags: ['office', 'Hero'],
    });

    await user.click(within(panel).getByRole('button', { name: 'Close details' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Studio at night' })).toBeNull(),
    );
  });

  it('refuses an empty title before sending', async () => {
    const { requests } = signedInApi(library());
    renderAdmin(`/admin/media/${STUDIO._id}`);
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Studio at night' });
    await user.clear(within(panel).getByRole('textbox', { name: /Title/ }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Title is required')).toBeVisible();
    expect(callsTo(requests, 'PUT', `/api/media/${STUDIO._id}`)).toHaveLength(0);
  });

  it('asks before deleting and shows where an item in use is shown', async () => {
    let inUse = true;
    const { requests } = signedInApi({
      ...library(),
      [`DELETE /api/media/${STUDIO._id}`]: () =>
        inUse
          ? json(409, {
              message:
                'This media item is used as the avatar of team member “Ada”. Choose another image there first.',
            })
          : new Response(null, { status: 204 }),
    });
    renderAdmin(`/admin/media/${STUDIO._id}`);
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Studio at night' });

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Media Item' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this media item?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This media item is used as the avatar of team member “Ada”. Choose another image there first.',
    );

    inUse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Media item deleted successfully!')).toBeVisible();
    expect(callsTo(requests, 'DELETE', `/api/media/${STUDIO._id}`)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The details panel closes with the deletion's route change, which may land a moment later.
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Studio at night' })).toBeNull(),
    );
  });

  it('uploads several chosen files, each with its progress and its own error', async () => {
    const { requests } = signedInApi(library());
    let finish: (value: unknown) => void = () => {};
    uploadForm.mockImplementation((...args: unknown[]) => {
      const [, form, options] = args as [string, FormData?, { onProgress?: (f: number) => void }?];
      const file = form?.get('files');
      if (!(file instanceof File)) return new Promise(() => {});
      if (file.name === 'tool.png') {
        return Promise.reject(
          new ApiError(
            415,
            "tool.png: This file's content is application/x-executable, which is not accepted",
          ),
        );
      }
      options?.onProgress?.(0.5);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderAdmin('/admin/media');
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('list', { name: 'Media items' });

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [
      new File(['png'], 'photo.png', { type: 'image/png' }),
      new File(['elf'], 'tool.png', { type: 'image/png' }),
    ]);

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    expect(await within(uploads).findByRole('alert')).toHaveTextContent(
      "tool.png: This file's content is application/x-executable, which is not accepted",
    );
    const progress = within(uploads).getByRole('progressbar', { name: 'Uploading photo.png' });
    expect(progress).toHaveAttribute('value', '50');
    const listCalls = callsTo(requests, 'GET', '/api/media').length;
    finish({ items: [{ media: STUDIO, created: true }] });
    expect(await within(uploads).findByText(/Uploaded/)).toBeVisible();
    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/api/media').length).toBeGreaterThan(listCalls),
    );
    const sent = uploadForm.mock.calls.map(
      (call) => ((call[1] as FormData | undefined)?.get('files') as File | null)?.name,
    );
    expect(sent.filter(Boolean)).toEqual(['photo.png', 'tool.png']);

    await user.click(within(uploads).getByRole('button', { name: 'Clear finished' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull());
  });

  it('takes files dropped on the library', async () => {
    signedInApi(library());
    uploadForm.mockResolvedValue({ items: [{ media: STUDIO, created: false }] });
    renderAdmin('/admin/media');
    const zone = await screen.findByRole('region', {
      name: 'Media files; drop files here to upload',
    });

    const file = new File(['png'], 'again.png', { type: 'image/png' });
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(await screen.findByText('Drop files to upload them')).toBeVisible();
    fireEvent.drop(zone, { dataTransfer });

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    expect(await within(uploads).findByText(/Already in the library/)).toBeVisible();
    expect(screen.queryByText('Drop files to upload them')).toBeNull();
  });

  it('offers to try again when the library cannot be read', async () => {
    signedInApi({ 'GET /api/media': () => json(500, { message: 'Internal server error' }) });
    renderAdmin('/admin/media');
    expect(await screen.findByText('Internal server error')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
