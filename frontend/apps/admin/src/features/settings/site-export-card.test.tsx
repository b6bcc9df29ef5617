import { json } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { accountOf } from '@/test/fixtures';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const loaded = { 'GET /api/settings': () => json(200, settingsRecord()) };
const ARCHIVE = new Uint8Array([0x1f, 0x8b, 8, 0]);

describe('Export site', () => {
  const created: Blob[] = [];
  const clicked: string[] = [];

  beforeEach(() => {
    created.length = 0;
    clicked.length = 0;
    // jsdom has no object URLs: the blob handed to the browser is kept instead.
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:archive';
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the archive under the name the server gives it', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'GET /api/export': () =>
        new Response(ARCHIVE, {
          status: 200,
          headers: {
            'content-type': 'application/gzip',
            'content-disposition': 'attachment; filename="atelier-export-2026-11-27.tar.gz"',
          },
        }),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download archive' }));

    expect(await screen.findByText('Site exported')).toBeVisible();
    expect(clicked).toEqual(['atelier-export-2026-11-27.tar.gz']);
    expect(created).toHaveLength(1);
    const [blob] = created;
    expect(new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(ARCHIVE);
    const [call] = callsTo(requests, 'GET', '/api/export');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it("shows the server's message when the export fails", async () => {
    signedInApi({
      ...loaded,
      'GET /api/export': () => json(500, { message: 'Something went wrong (request 42)' }),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download archive' }));

    expect(await screen.findByText('Something went wrong (request 42)')).toBeVisible();
    expect(clicked).toEqual([]);
  });

  it('is offered to Administrators, who may call the export', async () => {
    signedInApi(loaded, accountOf('administrator'));
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('region', { name: 'Export site' })).toBeVisible();
  });
});
