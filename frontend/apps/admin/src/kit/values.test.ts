import { describe, expect, it } from 'vitest';
import { isWebUrl, plainText } from './values';

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
