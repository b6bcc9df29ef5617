import { describe, expect, it } from 'vitest';
import {
  apiLanguageOf,
  currentPageLanguage,
  embeddedDirections,
  embeddedOtherLanguages,
  pageLanguageOf,
} from './page-language';
import { SERVER_DATA_ID } from './server-data';

describe('pageLanguageOf', () => {
  it('reads a page whose address starts with its language under that prefix', () => {
    expect(pageLanguageOf('de', '/de/blog/hallo')).toEqual({ tag: 'de', basename: '/de' });
    expect(pageLanguageOf('de', '/de')).toEqual({ tag: 'de', basename: '/de' });
    expect(pageLanguageOf('pt-BR', '/pt-BR/')).toEqual({ tag: 'pt-BR', basename: '/pt-BR' });
  });

  it('reads the default language page at / as before', () => {
    expect(pageLanguageOf('en', '/blog/hello')).toEqual({ tag: 'en', basename: '' });
    expect(pageLanguageOf('en', '/')).toEqual({ tag: 'en', basename: '' });
    expect(pageLanguageOf('', '/de/blog')).toEqual({ tag: 'en', basename: '' });
    // A segment that only looks like another language is the default language's path.
    expect(pageLanguageOf('en', '/de/blog')).toEqual({ tag: 'en', basename: '' });
  });

  it('takes the prefix only for a language the site lists, when the site says which', () => {
    expect(pageLanguageOf('en', '/en/about', ['de'])).toEqual({ tag: 'en', basename: '' });
    expect(pageLanguageOf('de', '/de/about', ['de', 'ar'])).toEqual({
      tag: 'de',
      basename: '/de',
    });
  });

  it('names the language on the API only off the default language', () => {
    expect(apiLanguageOf({ tag: 'de', basename: '/de' })).toBe('de');
    expect(apiLanguageOf({ tag: 'en', basename: '' })).toBeUndefined();
  });
});

describe('embeddedOtherLanguages', () => {
  const pageWith = (json: string) => {
    const page = document.implementation.createHTMLDocument('page');
    const script = page.createElement('script');
    script.id = SERVER_DATA_ID;
    script.textContent = json;
    page.head.append(script);
    return page;
  };

  it('reads the languages after the default from the embedded settings', () => {
    const settings = { languages: [{ tag: 'en' }, { tag: 'de' }, { tag: 'ar' }] };
    const page = pageWith(
      JSON.stringify([
        [['/services'], []],
        [['/settings'], settings],
      ]),
    );
    expect(embeddedOtherLanguages(page)).toEqual(['de', 'ar']);
  });

  it('knows nothing from a page without them or with anything else', () => {
    expect(embeddedOtherLanguages(pageWith('[]'))).toBeUndefined();
    expect(embeddedOtherLanguages(pageWith('{not json'))).toBeUndefined();
    expect(embeddedOtherLanguages(pageWith('[[["/settings"], null]]'))).toBeUndefined();
    expect(embeddedOtherLanguages(pageWith('"text"'))).toBeUndefined();
  });

  it('reads each language’s direction, by its tag in lower case, under either key', () => {
    const settings = {
      languages: [
        { tag: 'en', direction: 'ltr' },
        { tag: 'pt-BR', direction: 'ltr' },
        { tag: 'ar', direction: 'rtl' },
      ],
    };
    const page = pageWith(JSON.stringify([[['/settings', { lang: 'ar' }], settings]]));
    expect(embeddedDirections(page)).toEqual({ en: 'ltr', 'pt-br': 'ltr', ar: 'rtl' });
    expect(embeddedOtherLanguages(page)).toEqual(['pt-BR', 'ar']);
    expect(embeddedDirections(pageWith('[]'))).toBeUndefined();
  });

  it('gives a language’s page the default language and the directions, and the default’s page neither', () => {
    const settings = {
      languages: [
        { tag: 'en', direction: 'ltr' },
        { tag: 'ar', direction: 'rtl' },
      ],
    };
    const script = document.createElement('script');
    script.id = SERVER_DATA_ID;
    script.textContent = JSON.stringify([[['/settings', { lang: 'ar' }], settings]]);
    document.head.append(script);
    const before = window.location.pathname;
    try {
      document.documentElement.lang = 'ar';
      window.history.replaceState(null, '', '/ar/about');
      expect(currentPageLanguage()).toEqual({
        tag: 'ar',
        basename: '/ar',
        directions: { en: 'ltr', ar: 'rtl' },
        defaultTag: 'en',
      });
      document.documentElement.lang = 'en';
      window.history.replaceState(null, '', '/about');
      expect(currentPageLanguage()).toEqual({ tag: 'en', basename: '' });
    } finally {
      script.remove();
      document.documentElement.lang = '';
      window.history.replaceState(null, '', before);
    }
  });
});
