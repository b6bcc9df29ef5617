import { describe, expect, it } from 'vitest';
import { MARKDOWN_IMAGE_SIZES, renderInlineMarkdown, renderMarkdown } from './render-markdown';

const toDom = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

const dom = (source: string) => toDom(renderMarkdown(source));

describe('renderMarkdown syntax', () => {
  it('renders headings of levels 1 to 3', () => {
    const root = dom('# One\n## Two\n### Three');

    expect(root.querySelector('h1')?.textContent).toBe('One');
    expect(root.querySelector('h2')?.textContent).toBe('Two');
    expect(root.querySelector('h3')?.textContent).toBe('Three');
  });

  it('renders bold, italic and strikethrough', () => {
    const html = renderMarkdown('**bold** *italic* _also_ ~~gone~~');

    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<em>also</em>');
    expect(html).toContain('<s>gone</s>');
  });

  it('renders underline, highlight, superscript and subscript', () => {
    const html = renderMarkdown('++under++ ==mark== x^2^ H~2~O');

    expect(html).toContain('<ins>under</ins>');
    expect(html).toContain('<mark>mark</mark>');
    expect(html).toContain('<sup>2</sup>');
    expect(html).toContain('<sub>2</sub>');
  });

  it('renders --small text--, with inline markdown inside', () => {
    const root = dom('Price --excl. **VAT**-- today');
    const small = root.querySelector('small');

    expect(small?.textContent).toBe('excl. VAT');
    expect(small?.querySelector('strong')?.textContent).toBe('VAT');
  });

  it('leaves ordinary double dashes alone', () => {
    const html = renderMarkdown('From 2019--2020 and a -- b -- c');

    expect(html).not.toContain('<small>');
    expect(html).toContain('2019--2020');
    expect(html).toContain('a -- b -- c');
  });

  it('renders inline code and leaves markdown inside it alone', () => {
    expect(renderMarkdown('Run `npm **run**` now')).toContain('<code>npm **run**</code>');
  });

  it('renders fenced code with a visible language label', () => {
    const root = dom('```typescript\nconst ok = 1 < 2;\n```');

    expect(root.querySelector('.md-code-language')?.textContent).toBe('typescript');
    // Focusable, so a keyboard can scroll a wide block.
    expect(root.querySelector('pre')?.getAttribute('tabindex')).toBe('0');
    const code = root.querySelector('pre > code.language-typescript');
    expect(code?.textContent).toBe('const ok = 1 < 2;\n');
  });

  it('renders fenced code without a language and without a label', () => {
    const root = dom('```\nplain text\n```');

    expect(root.querySelector('pre > code')?.textContent).toBe('plain text\n');
    expect(root.querySelector('.md-code-language')).toBeNull();
  });

  it('opens links in a new tab with rel noopener noreferrer', () => {
    const anchor = dom('[site](https://example.com)').querySelector('a');

    expect(anchor?.getAttribute('href')).toBe('https://example.com');
    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('also opens raw HTML links in a new tab, whatever target they asked for', () => {
    const anchor = dom('<a href="/services" target="_self" rel="opener">ours</a>').querySelector(
      'a',
    );

    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('loads images lazily and keeps their alt text', () => {
    const image = dom('![diagram](/images/diagram.webp)').querySelector('img');

    expect(image?.getAttribute('src')).toBe('/images/diagram.webp');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('alt')).toBe('diagram');
  });

  it('gives pictures of the media library their WebP copies and real size, and no one else', () => {
    const hash = 'b'.repeat(64);
    const library = {
      path: `/media/${hash}.png`,
      width: 1200,
      height: 800,
      variants: [{ url: `/media/${hash}-480w.webp`, width: 480 }],
    };
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown(
      `![plan](/media/${hash}.png)\n\n![other](/images/x.png)\n\n<img src="/images/y.png" srcset="https://evil.example/a.png 1x">`,
      { images: [library] },
    );
    const [plan, other, authored] = [...root.querySelectorAll('img')];

    expect(plan?.getAttribute('srcset')).toBe(`/media/${hash}-480w.webp 480w`);
    expect(plan?.getAttribute('sizes')).toBe(MARKDOWN_IMAGE_SIZES);
    expect([plan?.getAttribute('width'), plan?.getAttribute('height')]).toEqual(['1200', '800']);
    expect(plan?.getAttribute('loading')).toBe('lazy');
    expect(other?.hasAttribute('srcset')).toBe(false);
    expect(other?.hasAttribute('width')).toBe(false);
    expect(authored?.hasAttribute('srcset')).toBe(false);
    // Options apply to one rendering only.
    expect(renderMarkdown(`![plan](/media/${hash}.png)`)).not.toContain('srcset');
  });

  it('renders blockquotes and horizontal rules', () => {
    const root = dom('> quoted\n\n---\n\nafter');

    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
    expect(root.querySelector('hr')).not.toBeNull();
  });

  it('renders tables with a header row', () => {
    const root = dom('| Plan | Price |\n|---|---:|\n| Basic | 10 |\n| Pro | 20 |');

    expect([...root.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'Plan',
      'Price',
    ]);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('renders ordered and unordered lists', () => {
    const root = dom('1. first\n2. second\n\n- apple\n- pear');

    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelectorAll('ul > li')).toHaveLength(2);
  });

  it('renders task lists as disabled checkboxes, ticked for [x]', () => {
    const boxes =
      dom('- [x] done\n- [ ] todo').querySelectorAll<HTMLInputElement>('input[type="checkbox"]');

    expect(boxes).toHaveLength(2);
    expect(boxes[0]?.checked).toBe(true);
    expect(boxes[1]?.checked).toBe(false);
    expect([...boxes].every((box) => box.disabled)).toBe(true);
  });

  it('renders footnotes with references that stay in the same tab', () => {
    const root = dom('Claim[^1] and another[^note]\n\n[^1]: Source one\n[^note]: Source two');
    const references = root.querySelectorAll('.footnote-ref a');

    expect(references).toHaveLength(2);
    expect(references[0]?.hasAttribute('target')).toBe(false);
    expect(root.querySelector('.footnotes')?.textContent).toContain('Source two');
  });

  it.each([
    ['success', 'md-status-success', 'Success'],
    ['warning', 'md-status-warning', 'Warning'],
    ['error', 'md-status-error', 'Error'],
    ['badge', 'md-status-info', 'Info'],
  ])('renders the {%s: text} status badge', (kind, className, label) => {
    const badge = dom(`Build {${kind}: Deployed to prod} today`).querySelector('.md-status');

    expect(badge?.classList.contains(className)).toBe(true);
    expect(badge?.getAttribute('title')).toBe(label);
    expect(badge?.textContent).toContain('Deployed to prod');
    expect(badge?.querySelector('.md-status-label')?.textContent).toBe(`${label}: `);
  });

  it('leaves unknown or empty badge kinds as text', () => {
    const html = renderMarkdown('{info: x} {success:} {success: }');

    expect(html).not.toContain('md-status');
    expect(html).toContain('{info: x}');
  });

  it('shows status badge text as text, never as markup', () => {
    const badge = dom('{error: <b>bold</b> & more}').querySelector('.md-status');

    expect(badge?.querySelector('b')).toBeNull();
    expect(badge?.textContent).toContain('<b>bold</b> & more');
  });

  it('renders [[key]] as keyboard keys', () => {
    const keys = dom('Press [[Ctrl]] + [[K]] to insert a link').querySelectorAll('kbd');

    expect([...keys].map((key) => key.textContent)).toEqual(['Ctrl', 'K']);
  });

  it('renders ::: badge, warning, success and error blocks', () => {
    const root = dom(
      '::: badge\nNew\n:::\n\n::: warning\nCareful\n:::\n\n::: success\nDone\n:::\n\n::: error\nFailed\n:::',
    );

    expect(root.querySelector('.md-badge')?.textContent).toContain('New');
    expect(root.querySelector('.md-warning')?.textContent).toContain('Careful');
    expect(root.querySelector('.md-success')?.textContent).toContain('Done');
    expect(root.querySelector('.md-error')?.textContent).toContain('Failed');
  });

  it('treats missing text as empty', () => {
    expect(renderMarkdown(undefined)).toBe('');
    expect(renderMarkdown(null)).toBe('');
  });
});

describe('renderInlineMarkdown', () => {
  it('renders emphasis without wrapping paragraphs', () => {
    expect(renderInlineMarkdown('**Web** Development')).toBe('<strong>Web</strong> Development');
  });

  it('renders the inline extensions on one line', () => {
    const html = renderInlineMarkdown('[[Ctrl]] {success: ok} --fine--');

    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('md-status-success');
    expect(html).toContain('<small>fine</small>');
  });
});

const XSS_PAYLOADS = [
  'Hello <script>alert("x")</script> world',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<img src="missing.png" onerror="alert(1)">',
  '<img src=x onerror=alert(1)//>',
  '<b onclick="steal()">x</b> <div onmouseover="steal()">y</div>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button></form>',
  '<style>body{display:none}</style><p style="position:fixed;inset:0">cover</p>',
  '<meta http-equiv="refresh" content="0;url=https://evil.test"><base href="https://evil.test/">',
  '<details open ontoggle=alert(1)>x</details>',
  '<a href="javascript:alert(1)">raw</a>',
  '<a href=" JaVaScRiPt:alert(3)">mixed case</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a> <a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '![x" onerror="alert(1)](x.png)',
  '[y](https://a.test" onmouseover="alert(1))',
  '[z](https://a.test "title\\" onmouseover=\\"alert(1)")',
  '<a href="https://a.test" title=\'x" onclick="alert(1)\'>quote</a>',
  '<img src="x" alt="a"onerror="alert(1)">',
  '{success: <img src=x onerror=alert(1)>}',
  '[[<script>alert(1)</script>]]',
  '--<img src=x onerror=alert(1)>--',
  '```"><script>alert(1)</script>\ncode\n```',
  '<input type="text" value="password please" autofocus onfocus="alert(1)">',
];

describe('renderMarkdown sanitising', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const html = renderMarkdown(payload);
    const root = toDom(html);

    expect(root.querySelector('script, iframe, object, embed, form, style, svg, math')).toBeNull();
    expect(root.querySelector('meta, base, link, button, textarea, select')).toBeNull();
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.name).not.toMatch(/^(style|formaction|srcdoc|xlink:href)$/i);
        if (['href', 'src', 'action', 'data'].includes(attribute.name)) {
          expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
        }
      }
    }
    expect(html).not.toMatch(/<script/i);
  });

  it('keeps the harmless text around removed markup', () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> world');

    expect(html).toContain('Hello');
    expect(html).toContain('world');
    expect(html).not.toContain('alert(');
  });

  it('keeps a link that was made harmless as text', () => {
    const root = dom('[click](javascript:alert(1)) and <a href="javascript:alert(2)">raw</a>');

    expect(root.textContent).toContain('raw');
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
  });

  it('turns any raw input into a disabled checkbox', () => {
    const input = dom('<input type="text" value="password please">').querySelector('input');

    expect(input?.getAttribute('type')).toBe('checkbox');
    expect(input?.disabled).toBe(true);
  });
});
