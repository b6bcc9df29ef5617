import { afterEach, describe, expect, it } from 'vitest';
import { activateCatalogue, activeLocale, ENGLISH_CATALOGUE, t } from './intl';
import { loadCatalogue, startCatalogue } from './load';
import { catalogueLocaleFor } from './locale';

afterEach(() => {
  activateCatalogue('en', ENGLISH_CATALOGUE);
});

describe('catalogueLocaleFor', () => {
  it('picks a language’s own catalogue, else its language subtag’s, else English', () => {
    expect(catalogueLocaleFor('de')).toBe('de');
    expect(catalogueLocaleFor('DE')).toBe('de');
    expect(catalogueLocaleFor('de-AT')).toBe('de');
    expect(catalogueLocaleFor('fr-CA')).toBe('en');
    expect(catalogueLocaleFor('')).toBe('en');
    expect(catalogueLocaleFor(undefined)).toBe('en');
  });
});

describe('t', () => {
  it('formats English until another catalogue is active', () => {
    expect(activeLocale()).toBe('en');
    expect(t('contact.send')).toBe('Send Message');
    expect(t('blog.count', { count: 1 })).toBe('1 post');
    expect(t('blog.count', { count: 1234 })).toBe('1,234 posts');
    expect(t('date.long', { date: new Date(2024, 2, 15) })).toBe('March 15, 2024');
    expect(t('price.from', { amount: 9500 })).toBe('$9,500+');
  });

  it('formats the page’s language once its catalogue is started', async () => {
    expect(await startCatalogue('de-AT')).toBe('de');
    expect(t('contact.send')).toBe('Nachricht senden');
    expect(t('request.submit')).toBe('Projekt anfragen');
    expect(t('portfolio.count', { count: 1 })).toBe('1 Projekt');
    expect(t('portfolio.count', { count: 1234 })).toBe('1.234 Projekte');
    expect(t('date.long', { date: new Date(2024, 2, 15) })).toBe('15. März 2024');
    expect(t('price.from', { amount: 9500 }).replace(/\s/g, ' ')).toBe('ab 9.500 $');
    expect(t('project.rating', { rating: 4.5 })).toBe('4,5');
  });

  it('falls back to English for a language without a catalogue', async () => {
    activateCatalogue('de', await loadCatalogue('de'));
    expect(await startCatalogue('fr')).toBe('en');
    expect(t('contact.send')).toBe('Send Message');
  });
});
