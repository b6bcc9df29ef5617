import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const SETTINGS = settingsRecord();
const loaded = { 'GET /api/settings': () => json(200, SETTINGS) };

describe('Site Settings', () => {
  it('shows the three cards filled from the server', async () => {
    signedInApi(loaded);
    renderAdmin('/admin/settings');

    const services = await screen.findByRole('region', { name: 'Service Settings' });
    expect(within(services).getByLabelText('Show Service Prices')).toBeChecked();
    expect(within(services).getByLabelText('Default Price Display')).toHaveAttribute(
      'placeholder',
      'Contact for Quote',
    );
    expect(within(services).getByLabelText('Max Services to Display')).toHaveValue(6);
    expect(screen.getByRole('region', { name: 'General Settings' })).toBeVisible();
    expect(screen.getByLabelText('Site Name')).toHaveValue('Atelier');
    expect(screen.getByRole('region', { name: 'Social Media Links' })).toHaveTextContent(
      'Edit it in Contact Details.',
    );
  });

  it('saves only the service settings with their own button', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'PUT /api/settings/services': () => json(200, SETTINGS),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    const max = await screen.findByLabelText('Max Services to Display');
    await user.clear(max);
    await user.type(max, '9');
    await user.click(screen.getByLabelText('Show Service Prices'));
    await user.click(screen.getByRole('button', { name: 'Save Service Settings' }));

    expect(await screen.findByText('Service settings saved successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/settings/services')[0])).toEqual({
      version: 1,
      showPrices: false,
      defaultPriceDisplay: 'Contact for Quote',
      maxServicesDisplay: 9,
    });
    expect(callsTo(requests, 'PUT', '/api/settings')).toHaveLength(0);
  });

  it('refuses a maximum outside 1 to 12', async () => {
    const { requests } = signedInApi(loaded);
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    const max = await screen.findByLabelText('Max Services to Display');
    await user.clear(max);
    await user.type(max, '13');
    await user.click(screen.getByRole('button', { name: 'Save Service Settings' }));

    expect(await screen.findByText('Max Services to Display must be from 1 to 12')).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/settings/services')).toHaveLength(0);
  });

  it('saves everything, sending 6 when the maximum is not a number', async () => {
    const { requests } = signedInApi({ ...loaded, 'PUT /api/settings': () => json(200, SETTINGS) });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Max Services to Display'));
    await user.clear(screen.getByLabelText('Site Name'));
    await user.type(screen.getByLabelText('Site Name'), 'Atelier Studio');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', '/api/settings')[0]);
    expect(body).toMatchObject({
      siteName: 'Atelier Studio',
      services: {
        showPrices: true,
        defaultPriceDisplay: 'Contact for Quote',
        maxServicesDisplay: 6,
      },
    });
    // The social links are edited in Contact Details: the settings' save leaves them alone.
    expect(body.socialMedia).toBeUndefined();
    const social = screen.getByRole('region', { name: 'Social Media Links' });
    expect(within(social).getByRole('link', { name: 'Contact Details' })).toHaveAttribute(
      'href',
      '/admin/contact-details',
    );
  });

  it('checks emails before saving', async () => {
    const { requests } = signedInApi(loaded);
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Support Email'));
    await user.type(screen.getByLabelText('Support Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(callsTo(requests, 'PUT', '/api/settings')).toHaveLength(0);
  });

  it('shows the fallbacks when loading or saving fails', async () => {
    signedInApi({
      'GET /api/settings': () => json(500, {}),
    });
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load settings');
  });

  it('shows the save fallbacks and keeps the input', async () => {
    signedInApi({
      ...loaded,
      'PUT /api/settings': () => json(500, {}),
      'PUT /api/settings/services': () => json(503, {}),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Site Description'), ' and speed');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByText('Failed to save settings')).toBeVisible();
    expect(screen.getByLabelText('Site Description')).toHaveValue(
      'Software, made with care and speed',
    );

    await user.click(screen.getByRole('button', { name: 'Save Service Settings' }));
    expect(await screen.findByText('Failed to save service settings')).toBeVisible();
  });

  it('after a stale save, merges a field only they changed and asks about one both changed', async () => {
    const theirs = {
      ...SETTINGS,
      version: 2,
      siteName: 'Atelier Studio',
      supportEmail: 'help@atelier.test',
    };
    let puts = 0;
    const { requests } = signedInApi({
      ...loaded,
      'PUT /api/settings': async (request) => {
        puts += 1;
        if (puts === 1)
          return json(409, {
            code: 'stale',
            message: 'changed',
            current: theirs,
            changedBy: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
            changedAt: '2026-03-05T15:04:00Z',
          });
        return json(200, { ...theirs, ...(await request.clone().json()), version: 3 });
      },
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Site Name');
    await user.clear(name);
    await user.type(name, 'Atelier & Co');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    // The conflict view opens at once over the banner (as soon as its code is loaded, at once
    // when an earlier test loaded it); closed, it leaves the banner and the text typed.
    let view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    expect(view).toHaveTextContent('Ana Ruiz also changed Support Email, which you did not touch.');
    await user.keyboard('{Escape}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Ana Ruiz changed this page at/);
    expect(alert).toHaveTextContent('You both changed Site Name.');
    expect(screen.getByLabelText('Site Name')).toHaveValue('Atelier & Co');
    await user.click(within(alert).getByRole('button', { name: 'Compare and merge' }));
    view = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await user.click(within(view).getByRole('button', { name: 'Keep mine' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/settings')[1])).toMatchObject({
      version: 2,
      siteName: 'Atelier & Co',
      supportEmail: 'help@atelier.test',
    });
  });
});
