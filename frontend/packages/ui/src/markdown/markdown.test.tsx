import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_NOT_FOUND_SRC } from './image-not-found';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('shows the rendered markdown', () => {
    render(<Markdown source={'**Fast** delivery'} />);

    expect(screen.getByText('Fast').tagName).toBe('STRONG');
  });

  it('replaces an image that fails to load with the Image Not Found picture', () => {
    render(<Markdown source="![team photo](/missing.webp)" />);
    const image = screen.getByRole('img', { name: 'team photo' });

    fireEvent.error(image);

    expect(image).toHaveAttribute('src', IMAGE_NOT_FOUND_SRC);
    expect(decodeURIComponent(IMAGE_NOT_FOUND_SRC)).toContain('Image Not Found');
  });

  it('renders a single line inline without a paragraph', () => {
    const { container } = render(<Markdown inline source="*Web* Development" />);

    expect(container.querySelector('p')).toBeNull();
    expect(container.querySelector('em')?.textContent).toBe('Web');
  });

  it('shows the language of a fenced code block', () => {
    render(<Markdown source={'```rust\nfn main() {}\n```'} />);

    expect(screen.getByText('rust')).toBeVisible();
    expect(screen.getByText('fn main() {}').tagName).toBe('CODE');
  });

  it('names the kind of a status badge for screen readers', () => {
    render(<Markdown source="{badge: Beta}" />);

    expect(screen.getByTitle('Info')).toHaveTextContent('Info: Beta');
  });
});
