import { describe, expect, it } from 'vitest';
import { plainText } from './values';

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
