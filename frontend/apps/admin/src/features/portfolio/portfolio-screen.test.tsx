import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { portfolioProject, tag, technology } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const REACT = technology({ _id: '65a1b2c3d4e5f6aaaaaaaa01', name: 'React' });
const RUST = technology({ _id: '65a1b2c3d4e5f6aaaaaaaa02', name: 'Rust' });
const FINTECH = tag({ _id: '65a1b2c3d4e5f6bbbbbbbb01', name: 'Fintech', type: 'portfolio' });

const HARBOUR = portfolioProject({
  title: 'Harbour App',
  client: 'Harbour Co',
  category: 'Mobile App',
  technologies: [REACT._id],
  completedAt: '2026-02-01T00:00:00Z',
});
const LEDGER = portfolioProject({
  title: 'Ledger API',
  client: 'Ledgerly',
  category: 'Custom Software',
  technologies: [RUST._id],
  tags: [FINTECH._id],
  featured: true,
  status: 'draft',
  completedAt: '2025-06-01T00:00:00Z',
});
const OLD = portfolioProject({ title: 'Old Store', client: 'Retro', category: 'E-commerce' });

const api = (rows = [HARBOUR, LEDGER], extra: Record<string, MockHandler> = {}) => ({
  'GET /api/portfolio': (request: Request) => {
    const params = new URL(request.url).searchParams;
    const limit = Number(params.get('limit') ?? 12);
    const status = params.get('status');
    const shown = rows.filter((row) => !status || row.status === status);
    return json(200, {
      projects: limit === 1000 ? [...shown, OLD] : shown,
      totalItems: limit === 1000 ? shown.length + 1 : shown.length,
      totalPages: 1,
      currentPage: 1,
    });
  },
  'GET /api/technologies': () => json(200, { data: [REACT, RUST] }),
  'GET /api/tags': () => json(200, [FINTECH]),
  ...extra,
});

const lastList = (requests: readonly Request[]) =>
  new URL(
    (
      callsTo(requests, 'GET', '/api/portfolio').filter(
        (request) => new URL(request.url).searchParams.get('limit') !== '1000',
      ) as Request[]
    ).at(-1)?.url ?? 'http://x',
  ).searchParams;
const cardTitles = () =>
  screen
    .queryAllByRole('button', { name: /^Featured: / })
    .map((star) => star.getAttribute('aria-label')?.replace('Featured: ', ''));

describe('Portfolio Management', () => {
  it('shows the projects as cards, 12 a page, newest first, with every category as a chip', async () => {
    const { requests } = signedInApi(api());
    renderAdmin('/admin/portfolio');

    await waitFor(() => expect(cardTitles()).toEqual(['Harbour App', 'Ledger API']));
    const params = lastList(requests);
    expect(params.get('limit')).toBe('12');
    expect(params.get('page')).toBe('1');
    expect(params.get('sort')).toBe('most-recent');
    const chips = screen.getByRole('group', { name: 'Category' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(['All', 'Custom Software', 'E-commerce', 'Mobile App']),
    );
    const ledger = screen.getByRole('button', { name: 'Edit Ledger API' }).closest('li');
    expect(ledger).toHaveTextContent('Ledgerly · Custom Software');
    expect(ledger).toHaveTextContent('Draft');
    expect(screen.getByRole('button', { name: 'Featured: Ledger API' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('names who changed a project last on its card', async () => {
    const CHANGED = portfolioProject({
      title: 'Changed Project',
      updatedBy: { id: '65f0000000000000000000a2', name: 'Ben Editor' },
    });
    signedInApi(api([CHANGED, OLD]));
    renderAdmin('/admin/portfolio');
    expect(await screen.findByText('Changed by Ben Editor')).toBeVisible();
    expect(screen.getAllByText(/^Changed by /)).toHaveLength(1);
  });

  it('offers the seven sorts and the page sizes 6, 12, 24, 48 and All, all kept in the address', async () => {
    const { requests } = signedInApi(api());
    const { router } = renderAdmin('/admin/portfolio');
    const user = userEvent.setup();

    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Most Recent',
      'Oldest',
      'Title A-Z',
      'Title Z-A',
      'Featured First',
      'Client A-Z',
      'Client Z-A',
    ]);
    await user.selectOptions(sort, 'client-desc');
    await waitFor(() => expect(lastList(requests).get('sort')).toBe('client-desc'));

    const size = screen.getByLabelText('Per page');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['6', '12', '24', '48', 'All']);
    expect(size).toHaveValue('12');
    await user.selectOptions(size, 'All');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        sort: 'client-desc',
        size: '1000',
      }),
    );
    // 'All' shows every project: no pager.
    expect(screen.queryByRole('navigation', { name: 'Portfolio Management pages' })).toBeNull();
  });

  it('asks the server for one category when its chip is chosen', async () => {
    const { requests } = signedInApi(api());
    renderAdmin('/admin/portfolio');
    const user = userEvent.setup();

    const chips = await screen.findByRole('group', { name: 'Category' });
    await user.click(await within(chips).findByRole('button', { name: 'Mobile App' }));
    await waitFor(() => expect(lastList(requests).get('category')).toBe('Mobile App'));
  });

  it('filters by status on the server and by technology on the page from the dialog', async () => {
    const { requests } = signedInApi(api());
    const { router } = renderAdmin('/admin/portfolio');
    const user = userEvent.setup();

    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    let dialog = await screen.findByRole('dialog', { name: 'Advanced Filters' });
    await user.click(within(dialog).getByLabelText('Rust'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Ledger API']));
    expect(router.state.location.search).toBe(`?tech=${RUST._id}`);
    expect(screen.getByRole('button', { name: /^Filters\s*1\s*active$/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Filters\s*1\s*active$/ }));
    dialog = await screen.findByRole('dialog', { name: 'Advanced Filters' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    dialog = await screen.findByRole('dialog', { name: 'Advanced Filters' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'draft');
    await user.type(within(dialog).getByLabelText('Completed from'), '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(lastList(requests).get('status')).toBe('draft'));
    await waitFor(() => expect(cardTitles()).toEqual(['Ledger API']));
  });

  it('toggles featured sending only that field', async () => {
    const { requests } = signedInApi(
      api(undefined, {
        [`PUT /api/portfolio/${HARBOUR._id}`]: () => json(200, { ...HARBOUR, featured: true }),
      }),
    );
    renderAdmin('/admin/portfolio');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Featured: Harbour App' }));
    expect(await screen.findByText('Project updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/portfolio/${HARBOUR._id}`)[0])).toEqual({
      version: 1,
      featured: true,
    });
  });

  it('checks the form: title, client, completion date and the two URLs', async () => {
    const { requests } = signedInApi(api());
    renderAdmin('/admin/portfolio/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Project' });
    await user.type(within(form).getByLabelText('Demo URL'), 'demo.example');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Title is required')).toBeVisible();
    expect(within(form).getByText('Client is required')).toBeVisible();
    expect(within(form).getByText('Completion date is required')).toBeVisible();
    expect(within(form).getByText('Please enter a valid URL')).toBeVisible();
    // The project image can come from the media library.
    expect(within(form).getByRole('button', { name: /Choose from library/ })).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/portfolio')).toHaveLength(0);
  });

  it('creates a project with its technologies and tags, published by default', async () => {
    const { requests } = signedInApi(
      api(undefined, { 'POST /api/portfolio': () => json(201, portfolioProject()) }),
    );
    renderAdmin('/admin/portfolio/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Project' });
    expect(within(form).getByLabelText('Status')).toHaveValue('published');
    await user.type(within(form).getByLabelText(/^Title/), 'Kiosk');
    await user.type(within(form).getByLabelText(/^Client/), 'Metro');
    await user.type(within(form).getByLabelText(/^Completion Date/), '2026-05-04');
    await user.click(await within(form).findByRole('checkbox', { name: 'React' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'Fintech' }));
    await user.type(within(form).getByLabelText('GitHub URL'), 'https://github.com/metro/kiosk');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Project created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/portfolio')[0])).toEqual({
      title: 'Kiosk',
      client: 'Metro',
      category: '',
      shortDescription: '',
      description: '',
      image: '',
      technologies: [REACT._id],
      tags: [FINTECH._id],
      demoUrl: '',
      githubUrl: 'https://github.com/metro/kiosk',
      completedAt: '2026-05-04',
      status: 'published',
      featured: false,
      publishAt: null,
    });
  });

  it("says 'Scheduled' on a published project waiting for its publish time", async () => {
    const LATER = portfolioProject({ title: 'Orbit', publishAt: '2031-05-01T09:30:00Z' });
    signedInApi(api([LATER, HARBOUR]));
    renderAdmin('/admin/portfolio');
    const card = (await screen.findByText('Orbit')).closest('li');
    expect(card).not.toBeNull();
    expect(card).toHaveTextContent('Scheduled');
    expect(card).toHaveTextContent('May 1, 2031');
    expect(screen.getByText('Harbour App').closest('li')).not.toHaveTextContent('Scheduled');
  });

  it('opens a project that is not on the page shown (a dashboard link)', async () => {
    signedInApi(api(undefined, { [`GET /api/portfolio/${OLD._id}`]: () => json(200, OLD) }));
    renderAdmin(`/admin/portfolio/edit/${OLD._id}`);
    const form = await screen.findByRole('region', { name: 'Edit Project' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Old Store');
    expect(within(form).getByLabelText(/^Completion Date/)).toHaveValue('2026-02-01');
  });

  it('edits a project on the page shown without asking the server for it again', async () => {
    const { requests } = signedInApi(api());
    renderAdmin(`/admin/portfolio/edit/${HARBOUR._id}`);
    const form = await screen.findByRole('region', { name: 'Edit Project' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Harbour App');
    expect(callsTo(requests, 'GET', `/api/portfolio/${HARBOUR._id}`)).toHaveLength(0);
  });

  it('says when no project matches', async () => {
    signedInApi(api([]));
    renderAdmin('/admin/portfolio?q=zzz');
    expect(await screen.findByText('No projects match these filters')).toBeVisible();
  });
});
