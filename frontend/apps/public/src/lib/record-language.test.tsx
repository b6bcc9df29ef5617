import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqList, makeFaq, makeService, makeSettings } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';
import type { PageLanguage } from './page-language';
import { recordLanguageAttributes } from './record-language';

const german: PageLanguage = { tag: 'de', basename: '/de', directions: { en: 'ltr', de: 'ltr' } };
const arabic: PageLanguage = { tag: 'ar', basename: '/ar', directions: { en: 'ltr', ar: 'rtl' } };

describe('recordLanguageAttributes', () => {
  it('says the language of a record that is not in the page’s, and its direction when it differs', () => {
    expect(recordLanguageAttributes('en', german)).toEqual({ lang: 'en' });
    expect(recordLanguageAttributes('de', german)).toEqual({});
    expect(recordLanguageAttributes('en', arabic)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(recordLanguageAttributes('ar', arabic)).toEqual({});
    expect(recordLanguageAttributes('en', { tag: 'ar', basename: '/ar' })).toEqual({ lang: 'en' });
    const hebrewDefault: PageLanguage = {
      tag: 'de',
      basename: '/de',
      directions: { he: 'rtl', de: 'ltr' },
    };
    expect(recordLanguageAttributes('he', hebrewDefault)).toEqual({ lang: 'he', dir: 'rtl' });
  });

  it('says nothing on the default language’s pages or for a record read without a language', () => {
    expect(recordLanguageAttributes('en', { tag: 'en', basename: '' })).toEqual({});
    expect(recordLanguageAttributes(undefined, german)).toEqual({});
    expect(recordLanguageAttributes(null, arabic)).toEqual({});
  });
});

describe('records on a language’s page', () => {
  inGerman();

  it('mark the ones shown in the default language, as the server does', async () => {
    mockApi({
      'GET /api/settings': () => json(200, makeSettings()),
      'GET /api/services': () =>
        json(200, [
          makeService({ title: 'Webentwicklung', order: 1, language: 'de' }),
          makeService({ title: 'Consulting', order: 2, language: 'en' }),
        ]),
    });
    renderRoute('/de/services', german);

    const translated = await screen.findByRole('heading', { name: 'Webentwicklung' });
    const fallback = screen.getByRole('heading', { name: 'Consulting' });
    expect(translated.closest('article')?.hasAttribute('lang')).toBe(false);
    expect(fallback.closest('article')?.getAttribute('lang')).toBe('en');
    expect(fallback.closest('article')?.hasAttribute('dir')).toBe(false);
  });

  it('give a record in a left-to-right language its direction on a right-to-left page', async () => {
    mockApi({
      'GET /api/faqs': () => json(200, faqList([makeFaq({ question: 'What?', language: 'en' })])),
    });
    renderRoute('/ar/faq', arabic);

    const item = (await screen.findByRole('button', { name: /What\?/ })).closest('li');
    expect(item?.getAttribute('lang')).toBe('en');
    expect(item?.getAttribute('dir')).toBe('ltr');
  });
});
