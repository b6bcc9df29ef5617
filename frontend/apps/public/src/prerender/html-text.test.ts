import { describe, expect, it } from 'vitest';
import { decodeHtml, escapeHtml } from './html-text';

describe('escapeHtml', () => {
  it('escapes what would end a text or an attribute', () => {
    expect(escapeHtml('Tom & "Jerry" <b>')).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;');
  });

  it('escapes an ampersand once, before the others', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });
});

describe('decodeHtml', () => {
  it('reads the entities React writes back as text', () => {
    expect(decodeHtml('Tom &amp; &quot;Jerry&quot; &#x27;s &lt;b&gt;')).toBe(
      `Tom & "Jerry" 's <b>`,
    );
  });

  it('decodes an escaped entity once only', () => {
    expect(decodeHtml('&amp;lt;')).toBe('&lt;');
    expect(decodeHtml(escapeHtml('a < b & "c"'))).toBe('a < b & "c"');
  });
});
