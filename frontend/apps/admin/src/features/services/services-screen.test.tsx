import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { service } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { servicePrice } from './services-screen';

const WEB = service({ order: 1, featured: true });
const SEO = service({
  title: 'SEO Audits',
  shortDescription: 'Be **found** by search engines',
  icon: 'faSearch',
  priceDisplay: 'From $900',
  order: 2,
});
const CLOUD = service({ title: 'Cloud Hosting', showPrice: false, status: 'inactive', order: 3 });

const listing = (rows = [CLOUD, WEB, SEO]) => ({
  'GET /api/services': () => json(200, rows),
});

describe('Services Management', () => {
  it('shows prices by the display rules', () => {
    expect(servicePrice({ showPrice: false, priceDisplay: 'From $10', price: 10 })).toBe('Hidden');
    expect(servicePrice({ showPrice: true, priceDisplay: 'From $10', price: 10 })).toBe('From $10');
    expect(servicePrice({ showPrice: true, priceDisplay: ' ', price: 5000 })).toBe('$5,000+');
    // No price: the site's card shows the settings' default text.
    expect(servicePrice({ showPrice: true, priceDisplay: '', price: null })).toBe('Default text');
  });

  it('lists every service by order with its price, featured mark and status', async () => {
    const { requests } = signedInApi(listing());
    renderAdmin('/admin/services');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td p')?.textContent)).toEqual([
      'Web Development',
      'SEO Audits',
      'Cloud Hosting',
    ]);
    const [web, seo, cloud] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(web).toHaveTextContent('$5,000+');
    expect(within(web).getByText('Featured')).toBeVisible();
    expect(seo).toHaveTextContent('From $900');
    expect(seo).toHaveTextContent('Be found by search engines');
    expect(cloud).toHaveTextContent('Hidden');
    expect(cloud).toHaveTextContent('Inactive');
    const list = callsTo(requests, 'GET', '/api/services')[0] as Request;
    expect(new URL(list.url).searchParams.get('limit')).toBe('1000');
  });

  it('says so when there are no services', async () => {
    signedInApi(listing([]));
    renderAdmin('/admin/services');
    expect(await screen.findByText('No services found')).toBeVisible();
  });

  it('adds a service inline, features one at a time with Enter', async () => {
    const { requests } = signedInApi({
      ...listing(),
      'POST /api/services': () => json(201, service({ title: 'Audits' })),
    });
    const { router } = renderAdmin('/admin/services');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Add Service' }));
    const form = await screen.findByRole('region', { name: 'Add Service' });
    const icon = within(form).getByLabelText('Icon');
    expect(icon).toHaveValue('faDatabase');
    expect(
      within(icon)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Mobile',
      'Web Development',
      'Design',
      'SEO',
      'Code',
      'API',
      'Database',
      'Cloud',
      'Security',
      'Performance',
    ]);
    expect(within(form).getByLabelText('Show Price')).toBeChecked();
    expect(within(form).getByLabelText('Active')).toBeChecked();
    expect(within(form).getByLabelText('Order')).toHaveValue(0);

    await user.type(within(form).getByLabelText(/^Title/), 'Audits');
    await user.type(within(form).getByLabelText('Features'), '  Speed  {Enter}');
    await user.type(within(form).getByLabelText('Features'), '   {Enter}');
    await user.type(within(form).getByLabelText('Features'), 'Security{Enter}');
    await user.selectOptions(icon, 'Performance');
    await user.type(within(form).getByLabelText('Price'), '1200');
    await user.click(within(form).getByLabelText('Active'));
    await user.click(within(form).getByLabelText('Featured'));
    await user.type(within(form).getByLabelText('Order'), '{Backspace}x');
    // A feature typed but not confirmed with Enter is kept when the form is saved.
    await user.type(within(form).getByLabelText('Features'), 'Support');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Service created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/services')[0])).toEqual({
      title: 'Audits',
      shortDescription: '',
      description: '',
      icon: 'faRocket',
      features: ['Speed', 'Security', 'Support'],
      price: 1200,
      priceDisplay: '',
      showPrice: true,
      featured: true,
      order: 0,
      status: 'inactive',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/services'));
  });

  it('checks only the title', async () => {
    const { requests } = signedInApi(listing());
    renderAdmin('/admin/services/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Add Service' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Title is required')).toBeVisible();
    expect(within(form).queryByText(/Description is required/)).toBeNull();
    expect(callsTo(requests, 'POST', '/api/services')).toHaveLength(0);
  });

  it('updates a service from its row', async () => {
    const { requests } = signedInApi({
      ...listing(),
      [`PUT /api/services/${SEO._id}`]: () => json(200, SEO),
    });
    renderAdmin('/admin/services');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit SEO Audits' }));
    const form = await screen.findByRole('region', { name: 'Edit Service' });
    expect(within(form).getByLabelText('Icon')).toHaveValue('faSearch');
    expect(within(form).getByText('React')).toBeVisible();
    await user.click(within(form).getByLabelText('Show Price'));
    await user.clear(within(form).getByLabelText('Order'));
    await user.type(within(form).getByLabelText('Order'), '-3');
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Service updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/services/${SEO._id}`)[0])).toMatchObject({
      title: 'SEO Audits',
      features: ['React', 'Rust'],
      price: 5000,
      priceDisplay: 'From $900',
      showPrice: false,
      order: 0,
      status: 'active',
    });
  });
});
