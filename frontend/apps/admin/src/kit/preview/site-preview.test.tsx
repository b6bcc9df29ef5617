import type { BlogPost, PortfolioProject } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { callsTo, signedInApi } from '@/test/admin-api';
import { category, newId, tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { PREVIEW_NOTE } from './site-preview';

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const WEB = category({ displayName: 'Web Development' });
const RUST = tag({ name: 'Rust', type: 'blog' });

const POST: BlogPost = {
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Shipping on Fridays',
  slug: 'shipping-on-fridays',
  excerpt: 'Why we do it.',
  content: 'We ship on **Fridays**.\n',
  contentHtml: '<p>We ship on <strong>Fridays</strong>.</p>\n',
  featuredImage: '',
  category: WEB._id,
  categoryName: 'Web Development',
  tags: [RUST._id],
  tagNames: 'Rust',
  authorName: 'Maya Chen',
  status: 'draft',
  featured: false,
  metaTitle: 'Shipping on Fridays',
  metaDescription: '',
  views: 7,
  images: [],
  publishAt: null,
  submittedAt: null,
  reviewNote: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-07T10:00:00Z',
};

const blogApi = {
  'GET /api/blog/posts': () =>
    json(200, { blogs: [POST], totalItems: 1, totalPages: 1, currentPage: 1 }),
  'GET /api/blog/categories': () => json(200, [WEB]),
  'GET /api/tags': () => json(200, [RUST]),
};

describe('Preview of a post', () => {
  it('draws the unsaved post with the site’s own article, links opening the live site', async () => {
    const { requests } = signedInApi(blogApi);
    const user = userEvent.setup();
    renderAdmin(`/admin/blog/edit/${POST._id}`);
    const form = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    const title = within(form).getByLabelText(/Title/, { selector: 'input[name="title"]' });
    await user.clear(title);
    await user.type(title, 'Shipping on Mondays');
    await user.click(within(form).getByRole('button', { name: 'Preview page' }));

    const preview = await screen.findByRole('dialog', { name: 'Preview: Shipping on Mondays' });
    expect(preview).toHaveTextContent(PREVIEW_NOTE);
    const page = within(preview).getByRole('region', { name: 'Page preview' });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Shipping on Mondays',
    );
    expect(page).toHaveTextContent('Web Development');
    expect(page).toHaveTextContent('Maya Chen');
    expect(page).toHaveTextContent('7 views');
    expect(within(page).getByRole('list', { name: 'Tags' })).toHaveTextContent('#Rust');
    expect(await within(page).findByText('Fridays', { selector: 'strong' })).toBeVisible();
    const back = within(page).getAllByRole('link', { name: /Back to All Posts/ });
    for (const link of back) {
      expect(link).toHaveAttribute('href', '/blog');
      expect(link).toHaveAttribute('target', '_blank');
    }
    // Nothing is saved by looking.
    expect(callsTo(requests, 'PUT', `/api/blog/posts/${POST._id}`)).toHaveLength(0);

    // Closing the preview goes back to the form, the change still there.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Preview/ })).toBeNull());
    expect(title).toHaveValue('Shipping on Mondays');
  });

  it('previews a post never saved', async () => {
    signedInApi(blogApi);
    const user = userEvent.setup();
    renderAdmin('/admin/blog/new');
    const form = await screen.findByRole('dialog', { name: 'New Blog Post' });
    await user.type(
      within(form).getByLabelText(/Title/, { selector: 'input[name="title"]' }),
      'A brand new idea',
    );
    await user.click(within(form).getByRole('button', { name: 'Preview page' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: A brand new idea' });
    expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent(
      'A brand new idea',
    );
    // A new post's author is the signed-in person.
    expect(preview).toHaveTextContent('Ada Lovelace');
    expect(preview).toHaveTextContent('0 views');
  });
});

describe('Preview of a project', () => {
  it('draws the unsaved project with the site’s own page, technology names included', async () => {
    const project: PortfolioProject = {
      version: 1,
      createdBy: null,
      updatedBy: null,
      _id: newId(),
      title: 'Kiosk',
      slug: 'kiosk',
      client: 'Metro Transit',
      category: 'Web Application',
      shortDescription: 'Tickets in ten seconds.',
      description: 'A kiosk for **tickets**.\n',
      contentHtml: '<p>A kiosk for <strong>tickets</strong>.</p>\n',
      image: '',
      images: [],
      technologies: ['6650a1b2c3d4e5f6a7b8c9d0'],
      tags: [],
      demoUrl: '',
      githubUrl: '',
      completedAt: '2026-03-01T00:00:00Z',
      status: 'draft',
      featured: false,
      publishAt: null,
      createdAt: '2026-01-05T10:00:00Z',
      updatedAt: '2026-01-07T10:00:00Z',
    };
    signedInApi({
      'GET /api/portfolio': () =>
        json(200, { projects: [project], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/technologies': () =>
        json(200, {
          data: [
            {
              _id: '6650a1b2c3d4e5f6a7b8c9d0',
              name: 'Rust',
              color: '#b7410e',
              status: 'active',
            },
          ],
          pagination: { total: 1, page: 1, limit: 100, pages: 1 },
        }),
      'GET /api/tags': () => json(200, []),
    });
    const user = userEvent.setup();
    renderAdmin(`/admin/portfolio/edit/${project._id}`);
    const form = await screen.findByRole('region', { name: 'Edit Project' });
    const client = within(form).getByLabelText(/^Client/);
    await user.clear(client);
    await user.type(client, 'City Transit');
    await user.click(within(form).getByRole('button', { name: 'Preview page' }));

    const preview = await screen.findByRole('dialog', { name: 'Preview: Kiosk' });
    const page = within(preview).getByRole('region', { name: 'Page preview' });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Kiosk');
    expect(page).toHaveTextContent('City Transit');
    expect(page).toHaveTextContent('Tickets in ten seconds.');
    expect(await within(page).findByText('Rust')).toBeVisible();
    expect(await within(page).findByText('tickets', { selector: 'strong' })).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Start Your Project' })).toHaveAttribute(
      'href',
      '/discuss-project',
    );
  });
});
