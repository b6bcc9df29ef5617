import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { homePageRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { HOME_PAGE_SAVED, TARGET_MESSAGE } from './home-page-form';

const HOME = homePageRecord();
const loaded = {
  'GET /api/home-page': () => json(200, HOME),
  'PUT /api/home-page': () => json(200, HOME),
};

describe('Home Page', () => {
  it('shows the page as visitors read it, hidden sections marked', async () => {
    signedInApi(loaded);
    renderAdmin('/admin/home-page');
    expect(await screen.findByText('Software, made with care')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Blog (hidden)' })).toHaveTextContent(
      'Latest from Our Blog',
    );
    expect(screen.getByRole('region', { name: 'Why Hire Our Company' })).toHaveTextContent(
      '250+ Projects Delivered',
    );
    expect(screen.getByRole('region', { name: 'Footer services' })).toHaveTextContent(
      'Web Development',
    );
  });

  it('saves a changed text, a shown section and the new order', async () => {
    const { requests } = signedInApi(loaded);
    renderAdmin('/admin/home-page');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Home Page' }));

    const title = within(screen.getByRole('group', { name: 'Hero' })).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Apps that last');
    const blog = screen.getByRole('group', { name: 'Blog' });
    await user.click(within(blog).getByLabelText('Shown'));
    await user.click(screen.getByRole('button', { name: 'Move Blog up' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(HOME_PAGE_SAVED)).toBeVisible();
    const body = (await bodyOf(callsTo(requests, 'PUT', '/api/home-page')[0])) as {
      hero: { title: string };
      sections: { key: string; steps: string[] }[];
      footerServices: string[];
    };
    expect(body.hero.title).toBe('Apps that last');
    expect(body.sections.map((section) => section.key)).toEqual([
      'features',
      'services',
      'blog',
      'why-hire',
    ]);
    expect(body.sections[2]).toMatchObject({ key: 'blog', visible: true, order: 3 });
    expect(body.sections[3]?.steps).toEqual(['Discovery', 'Launch']);
    expect(body.footerServices).toEqual(['Web Development']);
  });

  it('refuses a button that leads nowhere and keeps the input', async () => {
    const { requests } = signedInApi(loaded);
    renderAdmin('/admin/home-page');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Home Page' }));

    const target = screen.getAllByLabelText('Leads to 1')[0] as HTMLInputElement;
    await user.clear(target);
    await user.type(target, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(TARGET_MESSAGE)).toBeVisible();
    expect(target).toHaveValue('javascript:alert(1)');
    expect(callsTo(requests, 'PUT', '/api/home-page')).toHaveLength(0);
  });
});
