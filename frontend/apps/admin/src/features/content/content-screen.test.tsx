import type { ContentPage } from '@atelier/api-client/api';
import { json, type MockHandler, never } from '@atelier/api-client/test/mock-api';
import { renderMarkdown } from '@atelier/ui/render-markdown';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { renderAdmin } from '@/test/render-app';

const page = (overrides: Partial<ContentPage>): ContentPage => {
  const base: Omit<ContentPage, 'contentHtml'> & Partial<ContentPage> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: '65a1b2c3d4e5f6cccccccc01',
    type: 'about',
    title: 'About Atelier',
    subtitle: 'Who we are',
    description: 'We build websites.\n\nAnd back offices.',
    vision: 'A web that loads fast.',
    mission: 'Ship useful software.',
    values: ['Quality - no shortcuts', 'Honesty - plain words'],
    content: '',
    sections: [],
    status: 'published',
    lastUpdated: null,
    createdAt: '2026-01-05T09:00:00Z',
    updatedAt: '2026-03-04T09:00:00Z',
    ...overrides,
  };
  return { ...base, contentHtml: overrides.contentHtml ?? renderMarkdown(base.content) };
};

const ABOUT = page({});
const PRIVACY = page({
  _id: '65a1b2c3d4e5f6cccccccc02',
  type: 'privacy',
  title: 'Privacy Policy',
  subtitle: 'Your data',
  description: 'What we keep.',
  content: '## Information we collect\n\nOnly **what we need**.',
  lastUpdated: '2026-01-15T00:00:00Z',
});

const api = (extra: Record<string, MockHandler> = {}) => ({
  'GET /api/content/about': () => json(200, ABOUT),
  'GET /api/content/privacy': () => json(200, PRIVACY),
  'GET /api/content/terms': () => json(404, { message: 'Content page not found' }),
  'GET /api/content/cookies': () => json(404, { message: 'Content page not found' }),
  ...extra,
});

const panel = () => screen.getByRole('tabpanel');

describe('Content Management', () => {
  it('shows the four tabs and the About page in view mode', async () => {
    signedInApi(api());
    renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');

    const tabs = screen.getByRole('tablist', { name: 'Pages' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['About Us', 'Privacy Policy', 'Terms of Service', 'Cookie Policy']);
    expect(within(tabs).getByRole('tab', { name: 'About Us' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(panel()).findByText('About Atelier')).toBeVisible();
    expect(panel()).toHaveTextContent('We build websites.');
    expect(panel()).toHaveTextContent('And back offices.');
    expect(panel()).toHaveTextContent('A web that loads fast.');
    expect(within(panel()).getByText('Quality - no shortcuts')).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Edit Content' })).toBeVisible();
  });

  it('says "Loading content..." while the page loads', async () => {
    signedInApi(api({ 'GET /api/content/about': never }));
    renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    expect(await screen.findByText('Loading content...')).toBeVisible();
  });

  it('shows a policy rendered from its markdown, with its last update', async () => {
    signedInApi(api());
    const { router } = renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    await within(panel()).findByText('About Atelier');
    await user.click(screen.getByRole('tab', { name: 'Privacy Policy' }));
    expect(router.state.location.search).toBe('?tab=privacy');
    expect(
      await within(panel()).findByRole('heading', { name: 'Information we collect' }),
    ).toBeVisible();
    expect(within(panel()).getByText('what we need').tagName).toBe('STRONG');
    expect(panel()).toHaveTextContent('Jan 15, 2026');
  });

  it('moves between tabs with the arrow keys', async () => {
    signedInApi(api());
    const { router } = renderAdmin('/admin/content?tab=cookies');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    const cookies = await screen.findByRole('tab', { name: 'Cookie Policy', selected: true });
    cookies.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'About Us' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=cookies'));
  });

  it('edits the About page: fields, values added and removed, saved with the spec’s message', async () => {
    const { requests } = signedInApi(api({ 'PUT /api/content/about': () => json(200, ABOUT) }));
    renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    await user.click(await within(panel()).findByRole('button', { name: 'Edit Content' }));
    expect(within(panel()).getByLabelText('Description')).toHaveAttribute('rows', '10');
    await user.clear(within(panel()).getByLabelText('Vision'));
    await user.type(within(panel()).getByLabelText('Vision'), 'Fast pages for everyone.');
    await user.click(within(panel()).getByRole('button', { name: 'Remove value 2' }));
    await user.click(within(panel()).getByRole('button', { name: 'Add Value' }));
    await user.type(within(panel()).getByLabelText('Value 2'), 'Care - for every detail');
    await user.click(within(panel()).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Content saved successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/content/about')[0])).toEqual({
      version: 1,
      title: 'About Atelier',
      subtitle: 'Who we are',
      description: 'We build websites.\n\nAnd back offices.',
      vision: 'Fast pages for everyone.',
      mission: 'Ship useful software.',
      values: ['Quality - no shortcuts', 'Care - for every detail'],
    });
    expect(await within(panel()).findByRole('button', { name: 'Edit Content' })).toBeVisible();
  });

  it('creates a policy that has none yet, sending the last update as a timestamp', async () => {
    const { requests } = signedInApi(
      api({ 'PUT /api/content/terms': () => json(200, { ...PRIVACY, type: 'terms' }) }),
    );
    renderAdmin('/admin/content?tab=terms');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    expect(await within(panel()).findByText(/no saved content yet/)).toBeVisible();
    await user.click(within(panel()).getByRole('button', { name: 'Edit Content' }));
    await user.type(within(panel()).getByLabelText(/^Title/), 'Terms of Service');
    await user.type(within(panel()).getByLabelText('Last Updated'), '2026-02-01');
    await user.click(within(panel()).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Content saved successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/content/terms')[0])).toEqual({
      version: 1,
      title: 'Terms of Service',
      subtitle: '',
      description: '',
      content: '',
      lastUpdated: '2026-02-01T00:00:00.000Z',
    });
  });

  it('stays in edit mode with the input and a dismissible error when saving fails', async () => {
    signedInApi(api({ 'PUT /api/content/about': () => json(500, {}) }));
    renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    await user.click(await within(panel()).findByRole('button', { name: 'Edit Content' }));
    await user.type(within(panel()).getByLabelText('Mission'), ' Daily.');
    await user.click(within(panel()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel()).findByText('Failed to update content')).toBeVisible();
    expect(within(panel()).getByLabelText('Mission')).toHaveValue('Ship useful software. Daily.');
    await user.click(within(panel()).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() => expect(within(panel()).queryByText('Failed to update content')).toBeNull());
  });

  it('requires a title', async () => {
    const { requests } = signedInApi(api());
    renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    await user.click(await within(panel()).findByRole('button', { name: 'Edit Content' }));
    await user.clear(within(panel()).getByLabelText(/^Title/));
    await user.click(within(panel()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel()).findByText('Title is required')).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/content/about')).toHaveLength(0);
  });

  it('asks before switching tabs with unsaved changes', async () => {
    signedInApi(api());
    const { router } = renderAdmin('/admin/content');
    await screen.findByRole('tabpanel');
    const user = userEvent.setup();

    await user.click(await within(panel()).findByRole('button', { name: 'Edit Content' }));
    await user.type(within(panel()).getByLabelText('Subtitle'), '!');
    await user.click(screen.getByRole('tab', { name: 'Cookie Policy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.search).toBe('');
    expect(within(panel()).getByLabelText('Subtitle')).toHaveValue('Who we are!');
  });
});
