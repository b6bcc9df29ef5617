import type { ImportReport } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, signedInApi } from '@/test/admin-api';
import { accountOf } from '@/test/fixtures';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const loaded = { 'GET /api/settings': () => json(200, settingsRecord()) };

const report = (dryRun: boolean): ImportReport => {
  const outcome = dryRun ? 'wouldCreate' : 'created';
  return {
    platform: 'wordpress',
    dryRun,
    counts: [
      { kind: 'post', created: 2, existing: 1 },
      { kind: 'page', created: 0, existing: 0 },
      { kind: 'category', created: 1, existing: 0 },
      { kind: 'tag', created: 0, existing: 0 },
      { kind: 'media', created: 0, existing: 0 },
      { kind: 'redirect', created: 3, existing: 0 },
    ],
    records: [
      { kind: 'post', title: 'Hello world', address: '/blog/hello-world', outcome },
      { kind: 'post', title: 'Second', address: '/blog/second', outcome },
      { kind: 'post', title: 'Old one', address: '/blog/old-one', outcome: 'exists' },
      { kind: 'category', title: 'News', address: '/blog?category=news', outcome },
    ],
    redirects: [
      { from: '/2020/02/02/hello-world/', to: '/blog/hello-world', outcome },
      { from: '/2020/02/hello-world/', to: '/blog/hello-world', outcome },
      { from: '/hello-world/', to: '/blog/hello-world', outcome },
    ],
    problems: ['the post “Second”: the picture /x.png is kept at its old address'],
  };
};

const exportFile = () =>
  new File(['<?xml version="1.0"?><rss/>'], 'site.xml', { type: 'text/xml' });

/** The form fields a request sent. */
const formOf = async (request: Request | undefined) => {
  if (!request) throw new Error('the request was not sent');
  return request.clone().formData();
};

/** The card, once the lazily loaded screen is there (slow on a busy machine). */
const card = async () => screen.findByRole('region', { name: 'Import' }, { timeout: 10_000 });

describe('Import', () => {
  it('dry-runs the chosen files, shows the report, then imports after confirmation', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'POST /api/import': async (request) => {
        const form = await request.clone().formData();
        return json(200, report(form.get('dryRun') === 'true'));
      },
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    const region = await card();
    const importButton = within(region).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();

    await user.upload(within(region).getByLabelText('Export file'), exportFile());
    await user.click(within(region).getByRole('button', { name: 'Dry run' }));

    expect(await screen.findByText('Dry run finished: nothing was written')).toBeVisible();
    const shown = within(region).getByRole('region', { name: 'Import report' });
    expect(
      within(shown).getByRole('heading', { name: /Dry run of the WordPress export/ }),
    ).toBeVisible();
    expect(within(shown).getByRole('row', { name: 'Posts 2 1' })).toBeVisible();
    expect(within(shown).getByRole('columnheader', { name: 'To create' })).toBeVisible();
    expect(within(shown).getByText(/kept at its old address/)).toBeVisible();
    const [dry] = callsTo(requests, 'POST', '/api/import');
    const sent = await formOf(dry);
    expect(sent.get('dryRun')).toBe('true');
    expect(await (sent.get('file') as File).text()).toBe('<?xml version="1.0"?><rss/>');
    expect(sent.has('media')).toBe(false);

    await user.click(importButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Import this site?' });
    expect(dialog).toHaveTextContent('This creates 2 posts, 1 categories and 3 redirects');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(
      await screen.findByText('Import finished: 2 posts, 1 categories and 3 redirects'),
    ).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(
      within(region).getByRole('heading', { name: /Imported from the WordPress/ }),
    ).toBeVisible();
    const calls = callsTo(requests, 'POST', '/api/import');
    expect(calls).toHaveLength(2);
    expect((await formOf(calls[1])).get('dryRun')).toBe('false');
  });

  it('sends the media zip beside the export, and a new choice asks for a new dry run', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'POST /api/import': () => json(200, report(true)),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    const region = await card();
    await user.upload(within(region).getByLabelText('Export file'), exportFile());
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'uploads.zip');
    await user.upload(within(region).getByLabelText('Media zip (optional)'), zip);
    await user.click(within(region).getByRole('button', { name: 'Dry run' }));
    await within(region).findByRole('region', { name: 'Import report' });
    const sent = await formOf(callsTo(requests, 'POST', '/api/import')[0]);
    expect((sent.get('media') as File).size).toBe(4);
    expect(within(region).getByRole('button', { name: 'Import' })).toBeEnabled();

    await user.upload(within(region).getByLabelText('Export file'), exportFile());
    expect(within(region).queryByRole('region', { name: 'Import report' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it("asks for a file first, and shows the server's message for a file it refuses", async () => {
    signedInApi({
      ...loaded,
      'POST /api/import': () =>
        json(422, {
          message: 'The file is neither a WordPress export nor a Ghost export',
          errors: { file: 'The file is neither a WordPress export nor a Ghost export' },
        }),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    const region = await card();
    await user.click(within(region).getByRole('button', { name: 'Dry run' }));
    expect(within(region).getByRole('alert')).toHaveTextContent('Choose the export file first');

    await user.upload(within(region).getByLabelText('Export file'), exportFile());
    await user.click(within(region).getByRole('button', { name: 'Dry run' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The file is neither a WordPress export nor a Ghost export',
    );
    expect(within(region).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('is offered to Administrators, who may import', async () => {
    signedInApi(loaded, accountOf('administrator'));
    renderAdmin('/admin/settings');
    expect(await card()).toBeVisible();
  });
});
