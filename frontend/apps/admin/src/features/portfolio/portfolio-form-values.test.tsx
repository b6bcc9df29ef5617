import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { expectFormShows, type FieldRow } from '@/test/form-shows';
import { portfolioProject, tag, technology } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const REACT = technology({ name: 'React' });
// Made inactive after the project chose it: still named in the form.
const FLASH = technology({ name: 'Flash', status: 'inactive' });
const FINTECH = tag({ name: 'Fintech', type: 'portfolio' });

const PROJECT = portfolioProject({
  title: 'Ledger API',
  slug: 'ledger-api-2',
  client: 'Ledgerly',
  category: 'Custom Software',
  shortDescription: 'Books that balance.',
  image: '/media/abc/ledger.webp',
  technologies: [REACT._id, FLASH._id],
  tags: [FINTECH._id],
  demoUrl: 'https://demo.example.com',
  githubUrl: 'https://github.com/example/ledger',
  completedAt: '2025-06-01T00:00:00Z',
  featured: true,
  status: 'archived',
});

describe('the project form shows every stored field when it opens', () => {
  it('title, slug, client, category, dates, image, technologies, tags, links, status, featured', async () => {
    signedInApi({
      'GET /api/portfolio': () =>
        json(200, { projects: [PROJECT], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/technologies': (request) =>
        json(200, {
          data:
            new URL(request.url).searchParams.get('status') === 'active' ? [REACT] : [REACT, FLASH],
        }),
      'GET /api/tags': () => json(200, [FINTECH]),
    });
    renderAdmin(`/admin/portfolio/edit/${PROJECT._id}`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('region', { name: 'Edit Project' });
    const table: FieldRow[] = [
      ['Title', PROJECT.title],
      ['Slug', PROJECT.slug],
      ['Client', PROJECT.client],
      ['Category', PROJECT.category],
      ['Completion Date', '2025-06-01'],
      ['Short Description', PROJECT.shortDescription],
      ['Image URL', PROJECT.image],
      ['Technologies', ['React', 'Flash (inactive)']],
      ['Tags', ['Fintech']],
      ['Demo URL', PROJECT.demoUrl],
      ['GitHub URL', PROJECT.githubUrl],
      ['Status', 'Archived'],
      ['Featured Project', true],
      ['Publish at', ''],
    ];
    await waitFor(() => expectFormShows(dialog, table));
    expect(screen.getByText('/project/ledger-api-2')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Markdown' }));
    expect(screen.getByRole('textbox', { name: /markdown source/ })).toHaveValue(
      PROJECT.description,
    );
  }, 30_000);

  it('creates a portfolio tag from the project form and chooses it', async () => {
    const { requests } = signedInApi({
      'GET /api/portfolio': () =>
        json(200, { projects: [PROJECT], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/technologies': () => json(200, { data: [REACT, FLASH] }),
      'GET /api/tags': () => json(200, [FINTECH]),
      'POST /api/tags': () =>
        json(201, tag({ name: 'Logistics', slug: 'logistics', type: 'portfolio' })),
    });
    renderAdmin(`/admin/portfolio/edit/${PROJECT._id}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Edit Project' });
    await user.type(
      await within(form).findByRole('searchbox', { name: 'Search or create tags' }),
      'Logistics',
    );
    await user.click(within(form).getByRole('button', { name: 'Create tag “Logistics”' }));
    const chosen = within(form).getByRole('list', { name: 'Selected tags' });
    await waitFor(() => expect(chosen).toHaveTextContent('Logistics'));
    expect(await bodyOf(callsTo(requests, 'POST', '/api/tags')[0])).toEqual({
      name: 'Logistics',
      type: 'portfolio',
    });
  }, 30_000);
});
