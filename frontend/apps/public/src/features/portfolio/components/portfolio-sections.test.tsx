import { json, type MockHandler, mockApi, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject, projectList, technologyList } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const T = (n: number) => n.toString(16).padStart(24, 'a');
const TECHS = technologyList({
  [T(1)]: 'React',
  [T(2)]: 'Rust',
  [T(3)]: 'Postgres',
  [T(4)]: 'Vite',
});

const mock = (portfolio: MockHandler) =>
  mockApi({
    'GET /api/portfolio': portfolio,
    'GET /api/technologies': () => json(200, TECHS),
    'GET /api/tags': () =>
      json(200, [
        {
          _id: T(9),
          name: 'fintech',
          slug: 'fintech',
          type: 'portfolio',
          color: '',
          count: 1,
          description: '',
          createdAt: '',
          updatedAt: '',
        },
      ]),
  });
const query = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x').searchParams);

describe('Home portfolio section', () => {
  const section = () => screen.getByRole('region', { name: 'Our Portfolio' });

  it('asks for 6 published projects, featured first', async () => {
    const { requests } = mock(() => json(200, projectList([])));
    renderRoute('/');

    await within(section()).findByText('No projects available at the moment.');
    expect(query(requests.find((r) => new URL(r.url).pathname === '/api/portfolio'))).toEqual({
      sort: 'featured',
      limit: '6',
      status: 'published',
    });
  });

  it('shows each card with badge, names for ids, the raw unknown id, client, year, tags and link', async () => {
    setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY);
    const unknown = 'f'.repeat(24);
    mock(() =>
      json(
        200,
        projectList([
          makeProject({
            title: 'Ledger',
            slug: 'ledger',
            featured: true,
            client: 'Acme Bank',
            completedAt: '2023-05-01T00:00:00Z',
            technologies: [T(1), T(2), unknown, T(4)],
            tags: [T(9), 'b'.repeat(24), 'c'.repeat(24)],
          }),
          makeProject({ title: 'No slug', slug: '', _id: 'd'.repeat(24) }),
        ]),
      ),
    );
    renderRoute('/');

    const [card, second] = await within(section()).findAllByTestId('project-card');
    const ledger = card as HTMLElement;
    await within(ledger).findByText('React');
    expect(ledger).toHaveTextContent('Featured Project');
    expect(within(ledger).getByRole('list', { name: 'Technologies' })).toHaveTextContent(
      `ReactRust${unknown}+1 more`,
    );
    expect(ledger).toHaveTextContent('Acme Bank');
    expect(ledger).toHaveTextContent('2023');
    expect(within(ledger).getByRole('list', { name: 'Tags' })).toHaveTextContent(
      `#fintech#${'b'.repeat(24)}+1 more`,
    );
    expect(within(ledger).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      '/project/ledger',
    );
    expect(
      within(second as HTMLElement).getByRole('link', { name: /View Details/ }),
    ).toHaveAttribute('href', `/project/${'d'.repeat(24)}`);
  });

  it('shows 2 technologies per card below 1024 px', async () => {
    mock(() => json(200, projectList([makeProject({ technologies: [T(1), T(2), T(3)] })])));
    renderRoute('/');

    const [card] = await within(section()).findAllByTestId('project-card');
    expect(
      within(card as HTMLElement).getByRole('list', { name: 'Technologies' }),
    ).toHaveTextContent(/\+1 more$/);
  });

  it('holds the space while loading', () => {
    mock(never);
    renderRoute('/');
    expect(within(section()).getByRole('status', { name: 'Loading projects' })).toBeVisible();
  });
});

describe('Portfolio page', () => {
  const lastListQuery = (requests: Request[]) =>
    query(
      requests
        .filter((r) => new URL(r.url).pathname === '/api/portfolio')
        .filter((r) => new URL(r.url).searchParams.get('limit') === '12')
        .at(-1),
    );

  it('asks for page 1 of 12 published projects, most recent first', async () => {
    const { requests } = mock(() => json(200, projectList([makeProject()])));
    renderRoute('/portfolio');

    await screen.findAllByTestId('project-card');
    expect(lastListQuery(requests)).toEqual({
      page: '1',
      limit: '12',
      status: 'published',
      sort: 'most-recent',
    });
  });

  it('sends the trimmed search, the category and the sort', async () => {
    const { requests } = mock(() =>
      json(200, projectList([makeProject({ category: 'Mobile Apps' })])),
    );
    renderRoute('/portfolio');
    await screen.findAllByTestId('project-card');

    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: '  shop  ' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'title-asc' } });
    await screen.findByRole('option', { name: 'Mobile Apps' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Mobile Apps' } });

    await waitFor(() =>
      expect(lastListQuery(requests)).toEqual({
        page: '1',
        limit: '12',
        status: 'published',
        sort: 'title-asc',
        search: 'shop',
        category: 'Mobile Apps',
      }),
    );
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((option) => [option.textContent, option.getAttribute('value')]),
    ).toEqual([
      ['Most Recent', 'most-recent'],
      ['Oldest First', 'oldest'],
      ['Alphabetical', 'title-asc'],
    ]);
  });

  it('offers at most 5 page buttons and asks for the chosen page', async () => {
    const { requests } = mock((request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return json(200, projectList([makeProject()], page, 9));
    });
    renderRoute('/portfolio');
    await screen.findAllByTestId('project-card');

    const nav = screen.getByRole('navigation', { name: 'Portfolio pages' });
    expect(within(nav).getAllByRole('button', { name: /^Page/ })).toHaveLength(5);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(lastListQuery(requests).page).toBe('3'));
  });

  it('offers Clear All Filters when nothing matches', async () => {
    mock(() => json(200, projectList([])));
    renderRoute('/portfolio');

    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeVisible();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(screen.getByLabelText('Search projects')).toHaveValue('');
  });

  it('shows the error text in a red box', async () => {
    mock(() => json(500, { message: 'Internal server error' }));
    renderRoute('/portfolio');

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});
