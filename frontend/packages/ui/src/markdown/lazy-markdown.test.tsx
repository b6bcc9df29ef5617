import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyMarkdown, loadMarkdownRenderer, MarkdownPlaceholder } from './lazy-markdown';

describe('LazyMarkdown', () => {
  it('holds the place with an invisible placeholder, then shows the sanitized rendering', async () => {
    const { container } = render(
      <LazyMarkdown source={'## Why Rust\n\nIt is **fast**.<script>alert(1)</script>'} />,
    );

    expect(screen.getByTestId('markdown-placeholder')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading')).toBeNull();

    expect(await screen.findByRole('heading', { level: 2, name: 'Why Rust' })).toBeInTheDocument();
    expect(screen.getByText('fast').tagName).toBe('STRONG');
    expect(screen.queryByTestId('markdown-placeholder')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('renders one line inline', async () => {
    render(<LazyMarkdown inline source="**Bold** title" className="title" />);

    const strong = await screen.findByText('Bold');
    expect(strong.tagName).toBe('STRONG');
    expect(strong.closest('span.title')).not.toBeNull();
  });
});

describe('MarkdownPlaceholder', () => {
  it('keeps the words of each paragraph without the marks that start its lines', () => {
    render(<MarkdownPlaceholder source={'# Title\n\n- one\n- two\n\n> quoted\n\n1. first'} />);

    const paragraphs = [...screen.getByTestId('markdown-placeholder').querySelectorAll('p')];
    expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual([
      'Title',
      'one\ntwo',
      'quoted',
      'first',
    ]);
    expect(paragraphs[0]?.firstElementChild).toHaveClass('text-transparent');
  });

  it('is empty for no source', () => {
    render(<MarkdownPlaceholder source={null} />);

    expect(screen.getByTestId('markdown-placeholder')).toBeEmptyDOMElement();
  });
});

describe('loadMarkdownRenderer', () => {
  it('makes LazyMarkdown draw the rendering at once, with no placeholder first', async () => {
    await loadMarkdownRenderer();
    render(<LazyMarkdown source="It is **fast**." />);

    expect(screen.queryByTestId('markdown-placeholder')).toBeNull();
    expect(screen.getByText('fast').tagName).toBe('STRONG');
  });
});
