import { describe, expect, it } from 'vitest';
import { renderInlineMarkdown, renderMarkdown } from './render-markdown';

const toDom = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('renderMarkdown sanitising', () => {
  it('removes script tags', () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> world');

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(');
    expect(html).toContain('Hello');
  });

  it('removes event handler attributes such as onerror', () => {
    const html = renderMarkdown(
      '<img src="missing.png" onerror="alert(1)"> <b onclick="steal()">x</b>',
    );

    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/onclick/i);
    expect(toDom(html).querySelector('img')).not.toBeNull();
  });

  it('removes javascript: links written in markdown or in HTML', () => {
    const html = renderMarkdown(
      '[click](javascript:alert(1)) and <a href="javascript:alert(2)">raw</a> and <a href=" JaVaScRiPt:alert(3)">mixed</a>',
    );

    expect(html).not.toMatch(/href="\s*javascript:/i);
    for (const anchor of toDom(html).querySelectorAll('a')) {
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/script/i);
    }
  });

  it('removes iframes and inline styles blocks', () => {
    const html = renderMarkdown('<iframe src="https://example.com"></iframe><style>body{}</style>');

    expect(html).not.toMatch(/<iframe|<style/i);
  });
});

describe('renderMarkdown syntax', () => {
  it('opens links in a new tab with rel noopener', () => {
    const anchor = toDom(renderMarkdown('[site](https://example.com)')).querySelector('a');

    expect(anchor?.getAttribute('href')).toBe('https://example.com');
    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.getAttribute('rel')).toContain('noopener');
  });

  it('keeps footnote references in the same tab', () => {
    const dom = toDom(renderMarkdown('Claim[^1]\n\n[^1]: Source'));
    const reference = dom.querySelector('a[href^="#fn"]');

    expect(reference).not.toBeNull();
    expect(reference?.hasAttribute('target')).toBe(false);
    expect(dom.querySelector('.footnotes')).not.toBeNull();
  });

  it('loads images lazily', () => {
    const image = toDom(renderMarkdown('![diagram](/images/diagram.webp)')).querySelector('img');

    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('alt')).toBe('diagram');
  });

  it('renders highlight, subscript, superscript, underline, strike and code', () => {
    const html = renderMarkdown('==mark== H~2~O x^2^ ++ins++ ~~del~~ `code`');

    expect(html).toContain('<mark>mark</mark>');
    expect(html).toContain('<sub>2</sub>');
    expect(html).toContain('<sup>2</sup>');
    expect(html).toContain('<ins>ins</ins>');
    expect(html).toContain('<s>del</s>');
    expect(html).toContain('<code>code</code>');
  });

  it('renders headings, tables, blockquotes and rules', () => {
    const dom = toDom(
      renderMarkdown(
        '# One\n## Two\n### Three\n\n> quote\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      ),
    );

    expect(dom.querySelector('h1')?.textContent).toBe('One');
    expect(dom.querySelector('h2')?.textContent).toBe('Two');
    expect(dom.querySelector('h3')?.textContent).toBe('Three');
    expect(dom.querySelector('blockquote')).not.toBeNull();
    expect(dom.querySelector('hr')).not.toBeNull();
    expect(dom.querySelectorAll('td')).toHaveLength(2);
  });

  it('renders checkbox lists as disabled checkboxes', () => {
    const boxes = toDom(renderMarkdown('- [x] done\n- [ ] todo')).querySelectorAll(
      'input[type="checkbox"]',
    );

    expect(boxes).toHaveLength(2);
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    expect((boxes[1] as HTMLInputElement).checked).toBe(false);
    expect((boxes[0] as HTMLInputElement).disabled).toBe(true);
  });

  it('renders badge, warning, success and error blocks', () => {
    const dom = toDom(
      renderMarkdown(
        '::: badge\nNew\n:::\n\n::: warning\nCareful\n:::\n\n::: success\nDone\n:::\n\n::: error\nFailed\n:::',
      ),
    );

    expect(dom.querySelector('.md-badge')?.textContent).toContain('New');
    expect(dom.querySelector('.md-warning')?.textContent).toContain('Careful');
    expect(dom.querySelector('.md-success')?.textContent).toContain('Done');
    expect(dom.querySelector('.md-error')?.textContent).toContain('Failed');
  });

  it('treats missing text as empty', () => {
    expect(renderMarkdown(undefined)).toBe('');
    expect(renderMarkdown(null)).toBe('');
  });
});

describe('renderInlineMarkdown', () => {
  it('renders emphasis without wrapping paragraphs', () => {
    const html = renderInlineMarkdown('**Web** Development');

    expect(html).toBe('<strong>Web</strong> Development');
  });
});
