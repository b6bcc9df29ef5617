import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '../../test/admin-api';
import { json } from '../../test/mock-api';
import { service } from '../../test/records';
import { renderAdmin } from '../../test/render-app';
import { servicePrice } from './services-screen';

const WEB = service();
const listing = (rows = [WEB]) => ({ 'GET /api/services': () => json(200, rows) });

describe('Services Management', () => {
  it('shows prices by the display rules', () => {
    expect(servicePrice({ showPrice: false, priceDisplay: 'From $10', price: 10 })).toBe('Hidden');
    expect(servicePrice({ showPrice: true, priceDisplay: 'From $10', price: 10 })).toBe('From $10');
    expect(servicePrice({ showPrice: true, priceDisplay: ' ', price: 5000 })).toBe('$5,000+');
    expect(servicePrice({ showPrice: true, priceDisplay: '', price: null })).toBe('$0+');
  });

  it('adds a service inline, features one at a time with Enter', async () => {
    const { requests } = signedInApi({
      ...listing(),
      'POST /api/services': () => json(201, service({ title: 'Audits' })),
    });
    renderAdmin('/admin/services');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Service' }));
    const form = await screen.findByRole('region', { name: 'Add Service' });
    await user.type(within(form).getByLabelText(/^Title/), 'Audits');
    await user.type(within(form).getByLabelText('Features'), '  Speed  {Enter}');
    await user.type(within(form).getByLabelText('Features'), '   {Enter}');
    await user.type(within(form).getByLabelText('Features'), 'Security{Enter}');
    expect(within(form).getByLabelText('Icon')).toHaveValue('faDatabase');
    await user.click(within(form).getByLabelText('Active'));
    await user.type(within(form).getByLabelText('Order'), '{Backspace}x');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Service created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/services')[0])).toEqual({
      title: 'Audits',
      shortDescription: '',
      description: '',
      icon: 'faDatabase',
      features: ['Speed', 'Security'],
      price: null,
      priceDisplay: '',
      showPrice: true,
      featured: false,
      order: 0,
      status: 'inactive',
    });
  });

  it('checks only the title', async () => {
    signedInApi(listing());
    renderAdmin('/admin/services/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Service' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Title is required')).toBeVisible();
    expect(within(form).queryByText(/Description is required/)).toBeNull();
  });

  it('deletes a service after the exact question', async () => {
    signedInApi({ ...listing(), [`DELETE /api/services/${WEB._id}`]: () => json(200, {}) });
    renderAdmin('/admin/services');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Web Development' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this service?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Service deleted successfully!')).toBeVisible();
  });
});
