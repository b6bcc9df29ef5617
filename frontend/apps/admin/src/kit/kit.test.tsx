import { ApiError } from '@atelier/api-client/http';
import { json, never } from '@atelier/api-client/test/mock-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { tag } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { applyServerErrors } from './errors';
import { ERROR_BANNER_MS, SUCCESS_BANNER_MS } from './feedback/banners';
import { UNSAVED_MESSAGE } from './form/unsaved-guard';
import { SEARCH_DEBOUNCE_MS } from './list/list-toolbar';

// The Tags screen is the kit's plainest consumer: a client-mode table with a modal form.
const TAGS = [
  tag({ name: 'React', type: 'blog' }),
  tag({ name: 'Rust', type: 'portfolio', slug: 'rust' }),
  tag({ name: 'SEO', type: 'general', slug: 'seo' }),
];
const listing = { 'GET /api/tags': () => json(200, TAGS) };
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

afterEach(() => vi.useRealTimers());

describe('Kit lists', () => {
  it('shows skeletons while the list loads', async () => {
    signedInApi({ 'GET /api/tags': never });
    renderAdmin('/admin/tags');

    expect(await screen.findByRole('status', { name: 'Loading tags…' })).toBeInTheDocument();
  });

  it('shows the fetch fallback when loading fails, and retries', async () => {
    let calls = 0;
    signedInApi({
      'GET /api/tags': () => {
        calls += 1;
        return calls === 1 ? json(500, {}) : json(200, TAGS);
      },
    });
    renderAdmin('/admin/tags');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch tags');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('keeps the search and filters in the address, debounced', async () => {
    signedInApi(listing);
    const { router } = renderAdmin('/admin/tags');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ru');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ru'), {
      timeout: SEARCH_DEBOUNCE_MS * 4,
    });
    await waitFor(() => expect(rowNames()).toEqual(['Rust']));

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: 'General' }));
    expect(router.state.location.search).toBe('?type=general');
    await waitFor(() => expect(rowNames()).toEqual(['SEO']));
    expect(screen.getByRole('button', { name: 'General' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('restores the list state from the address and keeps it through an edit', async () => {
    signedInApi({
      ...listing,
      [`PUT /api/tags/${TAGS[1]?._id}`]: () => json(200, TAGS[1]),
    });
    const { router } = renderAdmin('/admin/tags?q=r&type=portfolio');
    const user = userEvent.setup();

    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('r');
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Rust']);
    await user.click(screen.getByRole('button', { name: 'Edit Rust' }));
    expect(router.state.location.pathname).toBe(`/admin/tags/edit/${TAGS[1]?._id}`);
    expect(router.state.location.search).toBe('?q=r&type=portfolio');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tags'));
    expect(router.state.location.search).toBe('?q=r&type=portfolio');
  });

  it('goes back and forward through filter changes', async () => {
    signedInApi(listing);
    const { router } = renderAdmin('/admin/tags');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Blog' }));
    await user.click(screen.getByRole('button', { name: 'General' }));
    await act(() => router.navigate(-1));

    expect(router.state.location.search).toBe('?type=blog');
    expect(rowNames()).toEqual(['React']);
  });

  it('says which empty text applies when nothing matches', async () => {
    signedInApi(listing);
    renderAdmin('/admin/tags?q=nothing-like-this');

    expect(await screen.findByText('No tags found. Create your first tag!')).toBeVisible();
  });
});

describe('Kit forms', () => {
  it('maps a 422 onto the matching fields and keeps the input', async () => {
    signedInApi({
      ...listing,
      'POST /api/tags': () =>
        json(422, { message: 'Validation failed', errors: { name: 'Name is already taken' } }),
    });
    renderAdmin('/admin/tags/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });
    await user.type(within(dialog).getByLabelText(/Name/), 'React');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Name is already taken')).toBeVisible();
    expect(within(dialog).getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('React');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Validation failed');
  });

  it('ignores fields the form does not have in a 422', () => {
    const setError = vi.fn();
    const error = new ApiError(422, 'Validation failed', { errors: { name: 'x', unknown: 'y' } });

    expect(applyServerErrors({ setError, getValues: () => ({ name: '' }) }, error)).toBe(1);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(applyServerErrors({ setError, getValues: () => ({}) }, new Error('x'))).toBe(0);
  });

  it('disables the submit button while saving and sends one request for two submits', async () => {
    const { requests } = signedInApi({ ...listing, 'POST /api/tags': never });
    renderAdmin('/admin/tags/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Vue');
    const form = within(dialog).getByRole('button', { name: 'Create' }).closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(
      await within(dialog).findByRole('button', { name: 'Saving…' }, { timeout: 3_000 }),
    ).toBeDisabled();
    await waitFor(() => expect(callsTo(requests, 'POST', '/api/tags')).toHaveLength(1));
    // Nothing else is sent once the first save is under way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo(requests, 'POST', '/api/tags')).toHaveLength(1);
  });

  it('saves with Ctrl+S', async () => {
    const { requests } = signedInApi({ ...listing, 'POST /api/tags': () => json(201, TAGS[0]) });
    renderAdmin('/admin/tags/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Svelte');
    await user.keyboard('{Control>}s{/Control}');

    expect(await screen.findByText('Tag created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/tags')[0])).toMatchObject({
      name: 'Svelte',
      color: '#10B981',
      type: 'blog',
    });
  });

  it('asks before leaving a changed form, and stays when told to', async () => {
    signedInApi(listing);
    const { router } = renderAdmin('/admin/tags/new');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent(UNSAVED_MESSAGE);
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/tags/new');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Draft');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tags'));
  });

  it('warns before the tab closes only while the form is changed', async () => {
    signedInApi(listing);
    renderAdmin('/admin/tags/new');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });

    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(within(dialog).getByLabelText(/Name/), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('leaves an unchanged form without asking', async () => {
    signedInApi(listing);
    const { router } = renderAdmin('/admin/tags/new');
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tags'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Kit banners and dialogs', () => {
  it('removes a success banner after 3 s and an error banner after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInApi({
      ...listing,
      [`DELETE /api/tags/${TAGS[0]?._id}`]: () => json(200, {}),
      [`DELETE /api/tags/${TAGS[1]?._id}`]: () => json(500, {}),
    });
    renderAdmin('/admin/tags');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(await screen.findByRole('button', { name: 'Delete React' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const success = await screen.findByText('Tag deleted successfully!');
    act(() => vi.advanceTimersByTime(SUCCESS_BANNER_MS - 100));
    expect(success).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Tag deleted successfully!')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Rust' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const failure = await screen.findByText('Failed to delete tags');
    // A failed delete keeps the dialog open, with the reason announced inside it.
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toBe(failure);
    act(() => vi.advanceTimersByTime(ERROR_BANNER_MS - 100));
    expect(failure).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Failed to delete tags')).toBeNull();
  });

  it('dismisses a banner on request', async () => {
    signedInApi({ ...listing, [`DELETE /api/tags/${TAGS[0]?._id}`]: () => json(200, {}) });
    renderAdmin('/admin/tags');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete React' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const banner = (await screen.findByText('Tag deleted successfully!')).closest(
      '[role="status"]',
    );
    await user.click(within(banner as HTMLElement).getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByText('Tag deleted successfully!')).toBeNull();
  });

  it('traps focus in the confirm dialog, starts on Cancel and cancels on Escape', async () => {
    const { requests } = signedInApi(listing);
    renderAdmin('/admin/tags');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete SEO' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(requests, 'DELETE', `/api/tags/${TAGS[2]?._id}`)).toHaveLength(0);
  });
});
