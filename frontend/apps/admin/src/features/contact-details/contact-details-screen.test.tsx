import { json, never } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { contactDetailsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { canSave, PLATFORMS } from './contact-details-schema';

const DETAILS = contactDetailsRecord();
const loaded = { 'GET /api/contact-details': () => json(200, DETAILS) };

describe('Contact Details Management', () => {
  it('says it is loading, then shows the stored details', async () => {
    signedInApi({ 'GET /api/contact-details': never });
    renderAdmin('/admin/contact-details');
    expect(await screen.findByText('Loading contact details...')).toBeVisible();
  });

  it('offers the 21 platforms and adds and removes links', async () => {
    const { requests } = signedInApi({
      ...loaded,
      'PUT /api/contact-details': () => json(200, DETAILS),
    });
    renderAdmin('/admin/contact-details');
    const user = userEvent.setup();

    expect(await screen.findByLabelText('GitHub')).toHaveValue('https://github.com/atelier');
    const add = screen.getByLabelText('Add Social Media Platform');
    // 21 platforms, one already used, plus the prompt.
    expect(within(add).getAllByRole('option')).toHaveLength(PLATFORMS.length - 1 + 1);
    await user.selectOptions(add, 'mastodon');
    await user.type(screen.getByLabelText('Mastodon'), 'https://mastodon.social/@atelier');
    await user.click(screen.getByRole('button', { name: 'Remove GitHub' }));
    await user.click(screen.getByRole('button', { name: 'Save Contact Details' }));

    expect(await screen.findByText('Contact details updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', '/api/contact-details')[0])).toEqual({
      version: 1,
      email: 'hello@atelier.test',
      phone: '+1 555 0100',
      address: '1 Main Street, Springfield',
      googleMapsUrl: '',
      socialMedia: { mastodon: 'https://mastodon.social/@atelier' },
    });
  });

  it('disables Save until the required fields are filled and every URL is valid', async () => {
    signedInApi(loaded);
    renderAdmin('/admin/contact-details');
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save Contact Details' });
    expect(save).toBeEnabled();

    await user.clear(screen.getByLabelText(/Phone Number/));
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/Phone Number/), '555');
    await user.type(screen.getByLabelText('Google Maps Embed URL'), 'maps');
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Google Maps Embed URL'));
    await user.type(screen.getByLabelText('Google Maps Embed URL'), 'https://maps.example/embed');
    expect(save).toBeEnabled();
    await user.clear(screen.getByLabelText('GitHub'));
    await user.type(screen.getByLabelText('GitHub'), 'javascript:alert(1)');
    expect(save).toBeDisabled();
  });

  it('creates the record when the server has none yet', async () => {
    const { requests } = signedInApi({
      'GET /api/contact-details': () => json(404, { message: 'Contact details not found' }),
      'POST /api/contact-details': () => json(201, DETAILS),
    });
    renderAdmin('/admin/contact-details');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/Email Address/), 'hi@atelier.test');
    await user.type(screen.getByLabelText(/Phone Number/), '555');
    await user.type(screen.getByLabelText(/^Address/), 'Somewhere 1');
    await user.click(screen.getByRole('button', { name: 'Save Contact Details' }));

    expect(await screen.findByText('Contact details updated successfully!')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/contact-details')).toHaveLength(1);
    expect(callsTo(requests, 'PUT', '/api/contact-details')).toHaveLength(0);
  });

  it('shows the server message when saving fails and keeps the input', async () => {
    signedInApi({
      ...loaded,
      'PUT /api/contact-details': () =>
        json(422, { message: 'Validation failed', errors: { phone: 'Phone is too long' } }),
    });
    renderAdmin('/admin/contact-details');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/Phone Number/), '9');
    await user.click(screen.getByRole('button', { name: 'Save Contact Details' }));

    expect(await screen.findByText('Validation failed')).toBeVisible();
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('+1 555 01009');
  });

  it('accepts only absolute http(s) URLs', () => {
    const base = { email: 'a@b.c', phone: '1', address: 'x', googleMapsUrl: '', socialMedia: [] };
    expect(canSave(base)).toBe(true);
    expect(canSave({ ...base, googleMapsUrl: '/relative' })).toBe(false);
    expect(canSave({ ...base, socialMedia: [{ platform: 'github', url: 'ftp://x.y' }] })).toBe(
      false,
    );
    expect(canSave({ ...base, address: '  ' })).toBe(false);
  });
});
