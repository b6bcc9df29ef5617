import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const SETTINGS = settingsRecord({
  languages: [
    { tag: 'en', name: 'English', direction: 'ltr' },
    { tag: 'ar', name: 'العربية', direction: 'rtl' },
  ],
  untranslatedContent: 'hide',
});
const loaded = { 'GET /api/settings': () => json(200, SETTINGS) };

const row = (name: string) => screen.getByRole('group', { name });

describe('Site Settings: languages', () => {
  it('lists the default language first, marked and kept, then the others', async () => {
    signedInApi(loaded);
    renderAdmin('/admin/settings');

    const card = await screen.findByRole('region', { name: 'Languages' });
    const rows = within(within(card).getByRole('list', { name: 'Site languages' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    const first = within(card).getByRole('group', { name: 'Default language' });
    expect(first).toHaveTextContent('Default');
    await waitFor(() => expect(within(first).getByLabelText('Tag')).toHaveValue('en'));
    expect(within(first).getByLabelText('Name')).toHaveValue('English');
    expect(within(first).getByLabelText('Direction')).toHaveValue('ltr');
    expect(within(first).queryByRole('button', { name: /Remove/ })).toBeNull();
    const arabic = row('العربية');
    expect(within(arabic).getByLabelText('Tag')).toHaveValue('ar');
    expect(within(arabic).getByLabelText('Direction')).toHaveDisplayValue('Right to left');
    expect(within(arabic).getByRole('button', { name: 'Remove العربية' })).toBeVisible();
    expect(within(card).getByLabelText('Untranslated content')).toHaveDisplayValue(
      'Leave out of lists',
    );
  });

  it('adds a language and saves the whole list with the choice for untranslated records', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'PUT /api/settings': () => json(200, SETTINGS),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await screen.findByRole('group', { name: 'العربية' });
    await user.click(screen.getByRole('button', { name: 'Add Language' }));
    const added = row('Language 3');
    expect(within(added).getByLabelText('Tag')).toHaveFocus();
    await user.type(within(added).getByLabelText('Tag'), 'de');
    await user.type(within(added).getByLabelText('Name'), ' Deutsch ');
    expect(row('Deutsch')).toBe(added);
    await user.selectOptions(
      screen.getByLabelText('Untranslated content'),
      'Show in the default language',
    );
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/settings')[0])).toMatchObject({
      version: 1,
      languages: [
        { tag: 'en', name: 'English', direction: 'ltr' },
        { tag: 'ar', name: 'العربية', direction: 'rtl' },
        { tag: 'de', name: 'Deutsch', direction: 'ltr' },
      ],
      untranslatedContent: 'fallback',
    });
  });

  it('asks before removing a language, saying its translations are kept', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'PUT /api/settings': () => json(200, SETTINGS),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove العربية' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove العربية?' });
    expect(dialog).toHaveTextContent(
      'العربية is taken off the site when you save. Its translations are kept, and come back if the language is added again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(row('العربية')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove العربية' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove العربية?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'العربية' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Language' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', '/api/settings')[0]);
    expect(body.languages).toEqual([{ tag: 'en', name: 'English', direction: 'ltr' }]);
  });

  it('refuses a repeated tag and a blank name before sending anything', async () => {
    const { requests } = signedInApi(loaded);
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await screen.findByRole('group', { name: 'العربية' });
    await user.click(screen.getByRole('button', { name: 'Add Language' }));
    await user.type(within(row('Language 3')).getByLabelText('Tag'), 'AR');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    const added = row('Language 3');
    expect(await within(added).findByText('Language AR is listed twice')).toBeVisible();
    expect(within(added).getByText('Name is required')).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/settings')).toHaveLength(0);
  });

  it('shows the server’s refusal at the field and keeps what was typed', async () => {
    const message =
      'The default language stays first; ar is one of the site’s other languages, and making it the default would move every address.';
    signedInApi({
      ...loaded,
      'PUT /api/settings': () =>
        json(422, { message: 'Validation failed', errors: { 'languages[0].tag': message } }),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    const first = await screen.findByRole('group', { name: 'Default language' });
    const tag = within(first).getByLabelText('Tag');
    await waitFor(() => expect(tag).toHaveValue('en'));
    await user.clear(tag);
    await user.type(tag, 'fr');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(await within(first).findByText(message)).toBeVisible();
    expect(tag).toHaveAttribute('aria-invalid', 'true');
    expect(tag).toHaveValue('fr');
    expect(await screen.findByText('Validation failed')).toBeVisible();
  });

  it('offers no more than twenty languages', async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      tag: index === 0 ? 'en' : `x${String.fromCharCode(97 + index)}`,
      name: `Language ${index}`,
      direction: 'ltr' as const,
    }));
    signedInApi({ 'GET /api/settings': () => json(200, settingsRecord({ languages: many })) });
    renderAdmin('/admin/settings');

    expect(await screen.findByText('A site has at most 20 languages.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Language' })).toBeDisabled();
  });
});
