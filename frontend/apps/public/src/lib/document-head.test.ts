import type { PageHead } from '@atelier/api-client/api';
import { afterEach, describe, expect, it } from 'vitest';
import { applyHead } from './document-head';

const head: PageHead = {
  status: 200,
  title: 'Designing APIs | Studio North Blog',
  elements: [
    { tag: 'meta', attributes: { name: 'description', content: 'How we design APIs.' } },
    { tag: 'link', attributes: { rel: 'canonical', href: 'https://studio.example/blog/apis' } },
    { tag: 'meta', attributes: { property: 'og:type', content: 'article' } },
  ],
  structuredData:
    '{"@context":"https://schema.org","@graph":[{"headline":"\\u003c/script\\u003e"}]}',
};

describe('applyHead', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('replaces the title and every marked element, and leaves the others', () => {
    document.head.innerHTML =
      '<meta charset="utf-8"><link rel="stylesheet" href="/assets/index.css">' +
      '<meta name="description" content="Old" data-head>' +
      '<meta property="og:image" content="old.png" data-head>' +
      '<script type="application/ld+json" data-head>{"old":true}</script>';

    applyHead(head);

    expect(document.title).toBe('Designing APIs | Studio North Blog');
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel=stylesheet]')).not.toBeNull();
    expect(document.head.querySelectorAll('meta[name=description]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      'How we design APIs.',
    );
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://studio.example/blog/apis',
    );
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]?.textContent ?? '')['@graph'][0].headline).toBe('</script>');
    expect(document.head.querySelectorAll('[data-head]')).toHaveLength(4);
  });

  it('makes only meta and link elements', () => {
    applyHead({
      ...head,
      elements: [{ tag: 'script', attributes: { src: 'https://evil.example/x.js' } }],
    });

    expect(document.head.querySelector('script[src]')).toBeNull();
    expect(document.head.querySelector('meta[src]')).not.toBeNull();
  });
});
