import type { Role } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { canFrom } from '@/kit/permissions';
import { createRegistry } from '@/kit/screens/registry';
import { callsTo, signedInApi } from '@/test/admin-api';
import { accountOf, permissionsOf } from '@/test/fixtures';
import { service } from '@/test/records';
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
        'Administrators',
      ]);
    }
  });

  it('gives an Editor all content and the newsletter, but no inbox, settings, audit log or accounts', () => {
    expect(sidebarOf('editor')).toEqual([
      ...CONTENT,
      'Newsletter',
      'FAQ',
      'Content',
      'Home Page',
      'Help Center',
    ]);
    expect(registryOf('editor').topBar).toEqual([]);
    expect(registryOf('editor').routes.map(({ path }) => path)).not.toContain('settings');
  });

  it('gives Sales the inbox, the pipeline and the newsletter beside the content it reads', () => {
    expect(sidebarOf('sales')).toEqual([
      ...CONTENT,
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
