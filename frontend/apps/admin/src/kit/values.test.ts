import { describe, expect, it } from 'vitest';
import { fromLocalInput, isScheduled, isWebUrl, plainText, toLocalInput } from './values';

describe('plainText', () => {
  it('reads markdown as the words a visitor sees', () => {
    expect(
      plainText('## Great **team**, [site](https://x.test)!\n\n> quoted _well_\n- one\n- [x] two'),
    ).toBe('Great team, site! quoted well one two');
  });

  it('drops images, code fences and html but keeps inline code and struck words', () => {
    expect(plainText('![logo](a.png)\n```js\nlet x\n```\n`code` ~~old~~ <b>bold</b>')).toBe(
      'let x code old bold',
    );
  });

  it('leaves underscores inside words alone and reads nothing as empty', () => {
    expect(plainText('snake_case_name')).toBe('snake_case_name');
    expect(plainText(undefined)).toBe('');
    expect(plainText('  \n ')).toBe('');
  });
});

describe('isWebUrl', () => {
  it('accepts absolute http and https addresses with a host, as the server does', () => {
    expect(isWebUrl('https://react.dev')).toBe(true);
    expect(isWebUrl(' http://x.io/a?b#c ')).toBe(true);
    for (const bad of ['react.dev', 'https://', 'https:///docs', 'ftp://x.io', 'https://x .io']) {
      expect(isWebUrl(bad), bad).toBe(false);
    }
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('publish times', () => {
  it('shows an ISO moment in the browser’s time zone and reads it back as the same moment', () => {
    const iso = '2031-05-01T09:30:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^2031-05-0[12]T\d{2}:30$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBe('');
  });

  it('calls a published record with a later publish time scheduled, and nothing else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(isScheduled({ status: 'published', publishAt: '2030-01-01T00:00:01Z' }, now)).toBe(true);
    expect(isScheduled({ status: 'published', publishAt: '2030-01-01T00:00:00Z' }, now)).toBe(
      false,
    );
    expect(isScheduled({ status: 'published', publishAt: null }, now)).toBe(false);
    expect(isScheduled({ status: 'draft', publishAt: '2031-01-01T00:00:00Z' }, now)).toBe(false);
  });
});
