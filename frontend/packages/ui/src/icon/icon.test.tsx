import { faCheck } from '@fortawesome/free-solid-svg-icons/faCheck';
import { faStar } from '@fortawesome/free-solid-svg-icons/faStar';
import { faUsers } from '@fortawesome/free-solid-svg-icons/faUsers';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, type IconDefinition } from './icon';

/** The one `<svg>` a render drew. */
const drawn = (container: HTMLElement) => {
  const svgs = container.querySelectorAll('svg');
  expect(svgs).toHaveLength(1);
  return svgs[0] as SVGSVGElement;
};

const pathData = (svg: SVGSVGElement) =>
  Array.from(svg.querySelectorAll('path'), (path) => path.getAttribute('d'));

/** A duotone definition, as the icon packages shape one: [secondary, primary]. */
const duotone = {
  prefix: 'fad',
  iconName: 'two-tone',
  icon: [640, 480, [], 'e000', ['M0 0H320V480H0Z', 'M320 0H640V480H320Z']],
} as unknown as IconDefinition;

describe('Icon', () => {
  it('draws the definition with its own viewBox and path, 1em high and as wide as its shape', () => {
    const { container } = render(<Icon icon={faStar} />);

    const svg = drawn(container);
    expect(svg).toHaveAttribute('viewBox', '0 0 576 512');
    expect(svg).toHaveAttribute('height', '1em');
    expect(svg).toHaveAttribute('width', '1.125em');
    expect(svg).toHaveAttribute('fill', 'currentColor');
    expect(pathData(svg)).toEqual([faStar.icon[4]]);
  });

  it('takes the viewBox and width from each definition', () => {
    const { container } = render(
      <>
        <Icon icon={faCheck} />
        <Icon icon={faUsers} />
      </>,
    );

    const [check, users] = Array.from(container.querySelectorAll('svg'));
    expect(check).toHaveAttribute('viewBox', '0 0 448 512');
    expect(check).toHaveAttribute('width', '0.875em');
    expect(users).toHaveAttribute('viewBox', '0 0 640 512');
    expect(users).toHaveAttribute('width', '1.25em');
    expect(pathData(check as SVGSVGElement)).toEqual([faCheck.icon[4]]);
  });

  it('names the icon in data attributes, as tests and styles look for it', () => {
    const { container } = render(<Icon icon={faCheck} />);

    const svg = drawn(container);
    expect(svg).toHaveAttribute('data-icon', 'check');
    expect(svg).toHaveAttribute('data-prefix', 'fas');
  });

  it('draws every path of a multi-path definition in order, the secondary layer faded', () => {
    const { container } = render(<Icon icon={duotone} />);

    const svg = drawn(container);
    expect(svg).toHaveAttribute('viewBox', '0 0 640 480');
    expect(svg).toHaveAttribute('width', '1.3333em');
    expect(pathData(svg)).toEqual(['M0 0H320V480H0Z', 'M320 0H640V480H320Z']);
    const [secondary, primary] = Array.from(svg.querySelectorAll('path'));
    expect(secondary).toHaveAttribute('opacity', '0.4');
    expect(primary).not.toHaveAttribute('opacity');
  });

  it('is 1.25em wide with fixedWidth, whatever the shape', () => {
    const { container } = render(
      <>
        <Icon icon={faCheck} fixedWidth />
        <Icon icon={faUsers} fixedWidth />
      </>,
    );

    for (const svg of Array.from(container.querySelectorAll('svg'))) {
      expect(svg).toHaveAttribute('width', '1.25em');
      expect(svg).toHaveAttribute('height', '1em');
    }
  });

  it('sits inline on the text like a glyph, and keeps the caller’s classes', () => {
    const { container } = render(<Icon icon={faCheck} className="mt-1 h-5 w-5 text-green-500" />);

    const svg = drawn(container);
    expect(svg).toHaveClass('inline-block', 'overflow-visible', 'align-[-0.125em]');
    expect(svg).toHaveClass('mt-1', 'h-5', 'w-5', 'text-green-500');
    expect(svg).not.toHaveClass('animate-spin');
  });

  it('spins on request', () => {
    const { container } = render(<Icon icon={faCheck} spin />);

    expect(drawn(container)).toHaveClass('animate-spin');
  });

  it('is decorative by default: hidden from assistive technology, no image role', () => {
    const { container } = render(<Icon icon={faStar} />);

    const svg = drawn(container);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).not.toHaveAttribute('role');
    expect(svg.querySelector('title')).toBeNull();
    expect(screen.queryByRole('img', { hidden: false })).toBeNull();
  });

  it('becomes an image named by its title when given one', () => {
    const { container } = render(<Icon icon={faStar} title="Favourite" />);

    const image = screen.getByRole('img', { name: 'Favourite' });
    expect(image).toBe(drawn(container));
    expect(image).not.toHaveAttribute('aria-hidden');
    expect(image.querySelector('title')).toHaveTextContent('Favourite');
    expect(pathData(image as unknown as SVGSVGElement)).toEqual([faStar.icon[4]]);
  });

  it('passes other attributes through to the svg', () => {
    const { container } = render(<Icon icon={faStar} data-star="half" aria-hidden="true" />);

    const svg = drawn(container);
    expect(svg).toHaveAttribute('data-star', 'half');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });
});
