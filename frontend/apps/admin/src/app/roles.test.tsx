import type { Role } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { canFrom } from '@/kit/permissions';
import { createRegistry } from '@/kit/screens/registry';
import { callsTo, signedInApi } from '@/test/admin-api';
import { ADMIN, accountOf, ownPermissionsOf, permissionsOf } from '@/test/fixtures';
import { blogPost, portfolioProject, service } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { SCREENS } from './registry';

/** The registry as an account of `role` gets it, from the permissions the API document gives it. */
const registryOf = (role: Role) => createRegistry(SCREENS, canFrom(permissionsOf(role)));
const sidebarOf = (role: Role) => registryOf(role).sidebar.map((screen) => screen.label);

const CONTENT = [
  'Dashboard',
  'Blog Posts',
  'Categories',
  'Tags',
  'Technologies',
  'Services',
  'Portfolio',
  'Testimonials',
  'Team',
  'Media Library',
];

describe('The registry cut by role', () => {
  it('gives the Owner and Administrators every screen', () => {
    for (const role of ['owner', 'administrator'] as const) {
      expect(registryOf(role).screens).toHaveLength(SCREENS.length);
      expect(registryOf(role).topBar.map(({ label }) => label)).toEqual([
        'Audit log',
        'Webhooks',
        'Administrators',
      ]);
    }
  });

  it('gives an Editor all content and the newsletter, but no inbox, settings, audit log or accounts', () => {
    const [dashboard, ...content] = CONTENT;
    expect(sidebarOf('editor')).toEqual([
      dashboard,
      'Insights',
      ...content,
      'Newsletter',
      'FAQ',
      'Content',
      'Home Page',
      'Redirects',
      'Help Center',
    ]);
    expect(registryOf('editor').topBar).toEqual([]);
    expect(registryOf('editor').routes.map(({ path }) => path)).not.toContain('settings');
  });

  it('gives Sales the inbox, the pipeline and the newsletter beside the content it reads', () => {
    const [dashboard, ...content] = CONTENT;
    expect(sidebarOf('sales')).toEqual([
      dashboard,
      'Insights',
      ...content,
      'Project Requests',
      'Contact Messages',
      'Newsletter',
      'FAQ',
      'Help Center',
    ]);
    expect(registryOf('sales').quickLinks).toEqual([]);
    expect(registryOf('sales').activity.length).toBeGreaterThan(0);
  });

  it('shows Authors and Contributors only the quick links to what they may create', () => {
    expect(registryOf('author').quickLinks.map((link) => link.label)).toEqual([
      'New Blog Post',
      'Add Project',
    ]);
    expect(registryOf('contributor').quickLinks.map((link) => link.label)).toEqual([
      'New Blog Post',
    ]);
    expect(sidebarOf('contributor')).not.toContain('Contact Messages');
  });
});

describe('The back office as a role', () => {
  it('shows an Editor a sidebar without the screens it may not open, and sends their addresses to the dashboard', async () => {
    const { requests } = signedInApi({}, accountOf('editor'));
    const { router } = renderAdmin('/admin/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    for (const label of ['Contact Messages', 'Project Requests', 'Settings', 'Contact Details']) {
      expect(within(nav).queryByRole('link', { name: label })).toBeNull();
    }
    expect(within(nav).getByRole('link', { name: 'Newsletter' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Administrators' })).toBeNull();
    // The dashboard asks for nothing the role may not read.
    expect(await screen.findByRole('heading', { name: 'Quick Links' })).toBeVisible();
    expect(screen.queryByText('Unread messages')).toBeNull();
    expect(callsTo(requests, 'GET', '/api/contacts')).toHaveLength(0);
    expect(callsTo(requests, 'GET', '/api/project-requests/stats')).toHaveLength(0);
  });

  it('shows Sales the services without a control to change them', async () => {
    signedInApi({ 'GET /api/services': () => json(200, [service()]) }, accountOf('sales'));
    renderAdmin('/admin/services');
    expect(await screen.findByText('Web Development')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Add Service/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('keeps an Editor the controls of the services', async () => {
    signedInApi({ 'GET /api/services': () => json(200, [service()]) }, accountOf('editor'));
    renderAdmin('/admin/services');
    expect(await screen.findByText('Web Development')).toBeVisible();
    expect(screen.getByRole('link', { name: /Add Service/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Web Development' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Web Development' })).toBeVisible();
  });

  it('never opens the create form for a role that may not create', async () => {
    signedInApi({ 'GET /api/services': () => json(200, [service()]) }, accountOf('sales'));
    renderAdmin('/admin/services/new');
    expect(await screen.findByText('Web Development')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the account again after a refusal, so a role changed meanwhile takes its controls away', async () => {
    let role: Role = 'editor';
    const record = service();
    signedInApi({
      'GET /api/auth/verify': () => json(200, { user: accountOf(role) }),
      'GET /api/services': () => json(200, [record]),
      [`DELETE /api/services/${record._id}`]: () => {
        role = 'sales';
        return json(403, { message: 'Editor or higher role required to delete a service' });
      },
    });
    renderAdmin('/admin/services');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Web Development' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Editor or higher role required to delete a service'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Add Service/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit Web Development' })).toBeNull();
  });
});

describe('The rows an Author or a Contributor created', () => {
  const AUTHOR_ID = ADMIN._id;
  const mine = { id: AUTHOR_ID, name: 'Ada Lovelace' };
  const someoneElse = { id: '65a1b2c3d4e5f60718293aff', name: 'Grace Hopper' };

  it("are their own to change when the account created them, and no one else's record is", () => {
    const can = canFrom(permissionsOf('author'), ownPermissionsOf('author'), AUTHOR_ID);
    expect(ownPermissionsOf('author')).toContain('updateBlogPost');
    expect(can('updateBlogPost', { createdBy: mine })).toBe(true);
    expect(can('deleteMedia', { createdBy: mine })).toBe(true);
    expect(can('updateBlogPost', { createdBy: someoneElse })).toBe(false);
    expect(can('updateBlogPost', { createdBy: null }), "the Owner's older records").toBe(false);
    expect(can('updateBlogPost'), 'no record named').toBe(false);
    expect(can('createBlogPost')).toBe(true);
    expect(can('updateService', { createdBy: mine }), 'not an own-only operation').toBe(false);
    const contributor = canFrom(
      permissionsOf('contributor'),
      ownPermissionsOf('contributor'),
      AUTHOR_ID,
    );
    expect(contributor('updateBlogPost', { createdBy: mine })).toBe(true);
    expect(contributor('updatePortfolioProject', { createdBy: mine })).toBe(false);
  });

  it('show an Author edit and delete on the posts they created only', async () => {
    const own = blogPost({ title: 'My Own Post', createdBy: mine });
    const theirs = blogPost({ title: 'Another Post', createdBy: someoneElse });
    const older = blogPost({ title: 'An Older Post', createdBy: null });
    signedInApi(
      {
        'GET /api/blog/posts': () =>
          json(200, { blogs: [own, theirs, older], totalItems: 3, totalPages: 1, currentPage: 1 }),
        'GET /api/blog/categories': () => json(200, []),
        'GET /api/tags': () => json(200, []),
      },
      accountOf('author'),
    );
    renderAdmin('/admin/blog');
    expect(await screen.findByText('My Own Post')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit My Own Post' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete My Own Post' })).toBeVisible();
    for (const title of ['Another Post', 'An Older Post']) {
      expect(screen.queryByRole('button', { name: `Edit ${title}` })).toBeNull();
      expect(screen.queryByRole('button', { name: `Delete ${title}` })).toBeNull();
    }
  });

  it("never opens the edit form of another's project for an Author", async () => {
    const theirs = portfolioProject({ title: 'Their Project', createdBy: someoneElse });
    signedInApi(
      {
        'GET /api/portfolio': () =>
          json(200, { projects: [theirs], totalItems: 1, totalPages: 1, currentPage: 1 }),
        'GET /api/technologies': () => json(200, { data: [] }),
        'GET /api/tags': () => json(200, []),
      },
      accountOf('author'),
    );
    renderAdmin(`/admin/portfolio/edit/${theirs._id}`);
    expect(await screen.findByText('Their Project')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Their Project' })).toBeNull();
  });
});
