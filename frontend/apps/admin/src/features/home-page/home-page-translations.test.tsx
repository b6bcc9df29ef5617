import type { Translation } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { contactDetailsRecord, homePageRecord, homeSection, settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { germanTranslation, LANGUAGES } from '@/test/translations';
import { homeTexts } from './home-page-translations';

const german = germanTranslation;

const listed = (id: string, translation: Translation) =>
  json(200, {
    id,
    kind: 'site',
    defaultLanguage: 'en',
    translatable: [],
    translations: [translation],
  });

const HOME = homePageRecord();
const GERMAN_HOME = german({
  fields: { 'hero.title': 'Software mit Sorgfalt' },
  status: 'outdated',
  version: 2,
});

describe('the home page’s texts as translatable fields', () => {
  it('names each text the page has by its place, leaving out link targets and empty texts', () => {
    const names = homeTexts(HOME).map((text) => text.field.name);
    expect(names).toEqual([
      'hero.title',
      'hero.subtitle',
      'hero.links.0.label',
      'hero.trustedBy',
      'sections.features.items.0.title',
      'sections.features.items.0.text',
      'sections.services.heading',
      'sections.services.subheading',
      'sections.why-hire.heading',
      'sections.why-hire.figures.0.label',
      'sections.why-hire.steps.0',
      'sections.why-hire.steps.1',
      'sections.why-hire.links.0.label',
      'sections.blog.heading',
      'footerServices.0',
    ]);
  });

  it('offers only the parts the site shows of each section, as the server translates them', () => {
    const sections = HOME.sections.map((section) =>
      section.key === 'features'
        ? { ...section, heading: 'Kept, not shown', steps: ['Not shown either'] }
        : section,
    );
    const about = {
      ...homeSection('about', 5),
      heading: 'Not shown',
      note: { title: 'Let’s talk', text: 'Not shown' },
    };
    const names = homeTexts({ ...HOME, sections: [...sections, about] }).map(
      (text) => text.field.name,
    );
    expect(names.filter((name) => name.startsWith('sections.features.'))).toEqual([
      'sections.features.items.0.title',
      'sections.features.items.0.text',
    ]);
    expect(names.filter((name) => name.startsWith('sections.about.'))).toEqual([
      'sections.about.note.title',
    ]);
  });
});

describe('Home Page in several languages', () => {
  const api = () =>
    signedInApi({
      'GET /api/home-page': () => json(200, HOME),
      'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
      'GET /api/translations/site/home': () => listed('home', GERMAN_HOME),
      'PUT /api/translations/site/home/de': () =>
        json(422, {
          message: 'Validation failed',
          errors: { 'fields.sections.services.heading': 'Heading must be at most 200 characters' },
        }),
    });

  it('edits the German texts grouped as on the page and saves them under their places', async () => {
    const { requests } = api();
    renderAdmin('/admin/home-page');
    const user = userEvent.setup();
    const tabs = await screen.findAllByRole('tab', {}, { timeout: 10_000 });
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'English: default language',
      'Deutsch: Outdated',
    ]);
    await user.click(tabs[1] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    const hero = within(form).getByRole('group', { name: 'Hero' });
    expect(within(hero).getByLabelText('Title')).toHaveValue('Software mit Sorgfalt');
    expect(within(hero).getByLabelText('Button 1')).toHaveValue('');
    expect(within(form).queryByLabelText(/Leads to/)).toBeNull();
    const services = within(form).getByRole('group', { name: 'Services' });
    await user.type(within(services).getByLabelText('Heading'), 'Leistungen');
    await user.click(within(form).getByLabelText('Side by side with the default language'));
    const source = screen.getByRole('region', { name: 'Default language' });
    expect(source).toHaveTextContent('Services: Heading');
    expect(source).toHaveTextContent('Our Services');

    await user.keyboard('{Control>}s{/Control}');
    // Side by side draws the form anew: its fields are found again.
    const shown = within(form).getByRole('group', { name: 'Services' });
    expect(await within(shown).findByText('Heading must be at most 200 characters')).toBeVisible();
    expect(within(shown).getByLabelText('Heading')).toHaveAttribute('aria-invalid', 'true');
    const puts = callsTo(requests, 'PUT', '/api/translations/site/home/de');
    expect(puts).toHaveLength(1);
    const body = (await bodyOf(puts[0])) as { fields: Record<string, string>; version: number };
    expect(body.fields['hero.title']).toBe('Software mit Sorgfalt');
    expect(body.fields['sections.services.heading']).toBe('Leistungen');
    expect(body.version).toBe(2);
    expect(callsTo(requests, 'PUT', '/api/home-page')).toHaveLength(0);
  });

  it('shows beside a translated text the default text it was written for when it changed since', async () => {
    signedInApi({
      'GET /api/home-page': () => json(200, HOME),
      'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
      'GET /api/translations/site/home': () =>
        listed(
          'home',
          german({
            fields: {
              'sections.why-hire.steps.0': 'Entdeckung',
              'sections.why-hire.steps.1': 'Start',
            },
            sources: {
              'sections.why-hire.steps.0': 'Discovery',
              'sections.why-hire.steps.1': 'Go live',
            },
            status: 'outdated',
            version: 3,
          }),
        ),
    });
    renderAdmin('/admin/home-page');
    const user = userEvent.setup();
    const tabs = await screen.findAllByRole('tab', {}, { timeout: 10_000 });
    await user.click(tabs[1] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    const why = within(form).getByRole('group', { name: 'Why Hire Our Company' });
    const changed = within(why).getByLabelText('Step 2');
    expect(changed).toHaveValue('Start');
    expect(changed).toHaveAccessibleDescription(
      'Translated from “Go live”; the default language now reads “Launch”.',
    );
    expect(within(why).getByLabelText('Step 1')).not.toHaveAccessibleDescription();
  });
});

describe('Site Settings and Contact Details in several languages', () => {
  it('translates the site’s name and description on the settings’ German tab', async () => {
    const { requests } = signedInApi({
      'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
      'GET /api/translations/site/settings': () => listed('settings', german()),
      'PUT /api/translations/site/settings/de': () =>
        json(200, german({ fields: { siteName: 'Atelier DE' }, status: 'upToDate', version: 1 })),
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Deutsch: Missing' }));
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    expect(screen.queryByRole('button', { name: 'Save All Settings' })).toBeNull();
    await user.type(within(form).getByLabelText('Site Name'), 'Atelier DE');
    await user.click(within(form).getByRole('button', { name: 'Save Deutsch' }));
    expect(await screen.findByText('Deutsch translation saved.')).toBeVisible();
    const body = await bodyOf(callsTo(requests, 'PUT', '/api/translations/site/settings/de')[0]);
    expect(body).toEqual({
      fields: { siteName: 'Atelier DE', siteDescription: '' },
      version: null,
    });
    expect(callsTo(requests, 'PUT', '/api/settings')).toHaveLength(0);
  });

  it('translates the contact details’ address only', async () => {
    signedInApi({
      'GET /api/contact-details': () => json(200, contactDetailsRecord()),
      'GET /api/settings': () => json(200, settingsRecord({ languages: LANGUAGES })),
      'GET /api/translations/site/contact': () =>
        listed(
          'contact',
          german({ fields: { address: 'Hauptstraße 1' }, status: 'upToDate', version: 1 }),
        ),
    });
    renderAdmin('/admin/contact-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Deutsch: Up to date' }));
    const form = await screen.findByRole('form', { name: 'Deutsch translation' });
    expect(within(form).getByLabelText('Address')).toHaveValue('Hauptstraße 1');
    expect(within(form).queryByLabelText(/Email|Phone/)).toBeNull();
  });
});
