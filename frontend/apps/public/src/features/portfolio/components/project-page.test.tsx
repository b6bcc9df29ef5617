import { json, type MockHandler, mockApi, never } from '@atelier/api-client/test/mock-api';
import { PROJECT_IMAGE_SIZES } from '@atelier/site/project-view';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject, technologyList } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const T = (n: number) => n.toString(16).padStart(24, 'a');
const PROJECT = makeProject({
  _id: 'e'.repeat(24),
  slug: 'fleet-tracker',
  title: 'Fleet Tracker',
  featured: true,
  completedAt: new Date(Date.now() - 200 * 86_400_000).toISOString(),
  description: 'We built **real-time** maps.\n\n![Dashboard](/images/demo/project-2.svg)',
  technologies: Array.from({ length: 9 }, (_, index) => T(index + 1)),
  tags: [T(20)],
  demoUrl: 'https://fleet.example.com',
  githubUrl: 'https://github.com/atelier/fleet',
});
const TECHS = technologyList(
  Object.fromEntries(Array.from({ length: 9 }, (_, index) => [T(index + 1), `Tech ${index + 1}`])),
);

const mock = (handlers: Record<string, MockHandler>) =>
  mockApi({ 'GET /api/technologies': () => json(200, TECHS), ...handlers });

describe('Project page', () => {
  it('finds a project by slug and shows its details', async () => {
    mock({ 'GET /api/portfolio/slug/fleet-tracker': () => json(200, PROJECT) });
    renderRoute('/project/fleet-tracker');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet Tracker' })).toBeVisible();
    expect(screen.getByText('Recent Project', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    expect((await screen.findByText('real-time')).tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Live Demo' })).toHaveAttribute(
      'href',
      'https://fleet.example.com',
    );
    expect(screen.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: '← Back to Portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    const metrics = screen.getByRole('region', { name: 'Project Metrics' });
    expect(metrics).toHaveTextContent('9Technologies');
    expect(metrics).toHaveTextContent('1Tags');
  });

  it('loads its main image at once, from the WebP copies, with the room it takes', async () => {
    const hash = 'f'.repeat(64);
    const image = {
      path: `/media/${hash}.png`,
      width: 1600,
      height: 1000,
      variants: [480, 960].map((width) => ({
        url: `/media/${hash}-${width}w.webp`,
        width,
        height: (width * 10) / 16,
        size: 1,
      })),
    };
    mock({
      'GET /api/portfolio/slug/fleet-tracker': () =>
        json(200, { ...PROJECT, image: image.path, images: [image] }),
    });
    renderRoute('/project/fleet-tracker');

    const main = await screen.findByRole('img', { name: 'Fleet Tracker' });
    expect(main).toHaveAttribute('src', image.path);
    expect(main).toHaveAttribute(
      'srcset',
      `/media/${hash}-480w.webp 480w, /media/${hash}-960w.webp 960w`,
    );
    expect(main).toHaveAttribute('sizes', PROJECT_IMAGE_SIZES);
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('loading', 'eager');
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['1600', '1000']);
    // Its box is 16:10 whatever the picture, so nothing moves when it arrives.
    expect(main).toHaveClass('aspect-[16/10]', 'w-full');
  });

  it('gives a picture from elsewhere the room of the page’s own shape', async () => {
    mock({ 'GET /api/portfolio/slug/fleet-tracker': () => json(200, PROJECT) });
    renderRoute('/project/fleet-tracker');

    const main = await screen.findByRole('img', { name: 'Fleet Tracker' });
    expect(main).not.toHaveAttribute('srcset');
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['1280', '800']);
    expect(main).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows 6 technologies, then Show 3 More and Show Less', async () => {
    mock({ 'GET /api/portfolio/slug/fleet-tracker': () => json(200, PROJECT) });
    renderRoute('/project/fleet-tracker');
    const list = await screen.findByRole('region', { name: 'Technologies' });
    await within(list).findByText('Tech 1');

    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(within(list).getByRole('button', { name: 'Show 3 More' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    fireEvent.click(within(list).getByRole('button', { name: 'Show Less' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('rewrites /project/{id} to /project/{slug} when the project has a slug', async () => {
    const { requests } = mock({ [`GET /api/portfolio/${PROJECT._id}`]: () => json(200, PROJECT) });
    const { router } = renderRoute(`/project/${PROJECT._id}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/fleet-tracker'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet Tracker' })).toBeVisible();
    expect(requests.some((r) => r.url.includes('/portfolio/slug/'))).toBe(false);
  });

  it('opens the image viewer from the main image and from an image in the description', async () => {
    mock({ 'GET /api/portfolio/slug/fleet-tracker': () => json(200, PROJECT) });
    renderRoute('/project/fleet-tracker');

    fireEvent.click(await screen.findByRole('button', { name: /Open the image of Fleet Tracker/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Fleet Tracker: image viewer' });
    expect(within(viewer).getByTestId('viewer-counter')).toHaveTextContent('1 / 2');
    fireEvent.keyDown(within(viewer).getByRole('button', { name: 'Close image viewer' }), {
      key: 'Escape',
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('img', { name: 'Dashboard' }));
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('2 / 2');
  });

  it('says Project Not Found for an unknown project', async () => {
    mock({ 'GET /api/portfolio/slug/nothing-here': () => json(404, { message: 'Not found' }) });
    renderRoute('/project/nothing-here');

    expect(await screen.findByRole('heading', { name: 'Project Not Found' })).toBeVisible();
    expect(screen.getByText("We couldn't find the project you're looking for.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
  });

  it('holds the space while loading', () => {
    mock({ 'GET /api/portfolio/slug/fleet-tracker': never });
    renderRoute('/project/fleet-tracker');
    expect(screen.getByRole('status', { name: 'Loading project' })).toBeInTheDocument();
  });
});
