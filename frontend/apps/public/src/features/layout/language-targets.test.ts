import type { SiteLanguage } from '@atelier/api-client/api';
import { describe, expect, it } from 'vitest';
import { languageHref } from './language-href';
import { currentLanguageOf, suggestedLanguage } from './language-targets';

const english: SiteLanguage = { tag: 'en', name: 'English', direction: 'ltr' };
const german: SiteLanguage = { tag: 'de', name: 'Deutsch', direction: 'ltr' };
const arabic: SiteLanguage = { tag: 'ar', name: 'العربية', direction: 'rtl' };
const languages = [english, german, arabic];

describe('languageHref', () => {
  const post = {
    slug: 'hallo-welt',
    translations: [
      { lang: 'en', slug: 'hello-world' },
      { lang: 'de', slug: 'hallo-welt' },
    ],
  };

  it('leads a post to its translated slug, or its default slug under a language it lacks', () => {
    const place = { pathname: '/blog/hallo-welt' };
    expect(languageHref(english, languages, place, post)).toBe('/blog/hello-world');
    expect(languageHref(german, languages, place, post)).toBe('/de/blog/hallo-welt');
    expect(languageHref(arabic, languages, place, post)).toBe('/ar/blog/hello-world');
  });

  it('keeps the slug shown when the post’s translations are unknown', () => {
    const place = { pathname: '/blog/hello-world' };
    expect(languageHref(german, languages, place, { slug: 'hello-world' })).toBe(
      '/de/blog/hello-world',
    );
    expect(languageHref(english, languages, place)).toBe('/blog/hello-world');
  });

  it('escapes a slug as an address segment', () => {
    const translated = { slug: 'x', translations: [{ lang: 'de', slug: 'grüße welt' }] };
    expect(languageHref(german, languages, { pathname: '/blog/x' }, translated)).toBe(
      '/de/blog/gr%C3%BC%C3%9Fe%20welt',
    );
  });

  it('leads any other page to the same path under the other prefix', () => {
    expect(languageHref(german, languages, { pathname: '/', hash: '#about' })).toBe('/de#about');
    expect(languageHref(english, languages, { pathname: '/' })).toBe('/');
    expect(
      languageHref(german, languages, { pathname: '/blog', search: '?page=2', hash: '' }),
    ).toBe('/de/blog?page=2');
    expect(languageHref(english, languages, { pathname: '/project/site' })).toBe('/project/site');
  });
});

describe('currentLanguageOf', () => {
  it('is the default at / and the prefix’s language under it', () => {
    expect(currentLanguageOf(languages, '')).toBe(english);
    expect(currentLanguageOf(languages, '/de')).toBe(german);
    expect(currentLanguageOf(languages, '/DE')).toBe(german);
    expect(currentLanguageOf(languages, '/en')).toBeUndefined();
    expect(currentLanguageOf([], '')).toBeUndefined();
  });
});

describe('suggestedLanguage', () => {
  it('suggests the first language the browser prefers that the site has', () => {
    expect(suggestedLanguage(['fr', 'de-DE', 'en'], languages, english)).toBe(german);
    expect(suggestedLanguage(['ar'], languages, german)).toBe(arabic);
    const austrian = { tag: 'de-AT', name: 'Österreichisch', direction: 'ltr' as const };
    expect(suggestedLanguage(['de'], [english, austrian], english)).toBe(austrian);
  });

  it('suggests nothing when the preferred one the site has is the page’s, or none is', () => {
    expect(suggestedLanguage(['en-GB', 'de'], languages, english)).toBeUndefined();
    expect(suggestedLanguage(['de'], languages, german)).toBeUndefined();
    expect(suggestedLanguage(['fr', 'es'], languages, english)).toBeUndefined();
    expect(suggestedLanguage([], languages, english)).toBeUndefined();
  });

  it('prefers the exact tag over a tag of the same language', () => {
    const swiss = { tag: 'de-CH', name: 'Schweizerdeutsch', direction: 'ltr' as const };
    expect(suggestedLanguage(['de-CH'], [english, german, swiss], english)).toBe(swiss);
  });
});
