import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_NOT_FOUND_SRC } from './image-not-found';
import { MarkdownHtml } from './markdown-html';

describe('MarkdownHtml', () => {
  it("shows the server's HTML in a markdown block", () => {
    const { container } = render(
      <MarkdownHtml html="<p>Hello <kbd>Ctrl</kbd></p>" className="mt-4" />,
    );
    const block = container.firstElementChild;

    expect(block?.className).toBe('markdown-body mt-4');
    expect(block?.querySelector('kbd')?.textContent).toBe('Ctrl');
  });

  it('shows one line inside a span without the block class', () => {
    const { container } = render(<MarkdownHtml inline html="<strong>Web</strong> Development" />);

    expect(container.firstElementChild?.tagName).toBe('SPAN');
    expect(container.firstElementChild?.classList.contains('markdown-body')).toBe(false);
    expect(container.textContent).toBe('Web Development');
  });

  it('replaces a broken image by the Image Not Found picture', () => {
    const { container } = render(<MarkdownHtml html='<p><img src="/missing.png" alt=""></p>' />);
    const image = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(image);

    expect(image.getAttribute('src')).toBe(IMAGE_NOT_FOUND_SRC);
    expect(image.alt).toBe('Image Not Found');
  });

  it('shows nothing for missing HTML', () => {
    const { container } = render(<MarkdownHtml html={undefined} />);

    expect(container.firstElementChild?.innerHTML).toBe('');
  });
});
