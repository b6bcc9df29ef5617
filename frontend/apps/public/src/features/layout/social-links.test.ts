import { describe, expect, it } from 'vitest';
import { socialLinks } from './social-links';

describe('socialLinks', () => {
  it('keeps configured networks with a link, in display order', () => {
    const links = socialLinks({
      youtube: 'https://youtube.com/@atelier',
      github: 'https://github.com/atelier',
      facebook: '',
      myspace: 'https://myspace.com/atelier',
    });

    expect(links.map((link) => [link.network, link.url])).toEqual([
      ['github', 'https://github.com/atelier'],
      ['youtube', 'https://youtube.com/@atelier'],
    ]);
  });

  it('falls back to four placeholders when nothing usable is configured', () => {
    expect(socialLinks({ facebook: '  ', unknown: 'x' }).map((link) => link.network)).toEqual([
      'facebook',
      'twitter',
      'linkedin',
      'instagram',
    ]);
    expect(socialLinks(undefined)).toHaveLength(4);
  });
});
