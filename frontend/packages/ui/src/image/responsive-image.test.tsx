import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryImageFor, srcSetOf } from './library-image';
import { ResponsiveImage } from './responsive-image';

const HASH = 'a'.repeat(64);
const PHOTO = {
  path: `/media/${HASH}.jpg`,
  width: 2400,
  height: 1600,
  variants: [480, 960, 1600].map((width) => ({ url: `/media/${HASH}-${width}w.webp`, width })),
};

describe('Library images', () => {
  it('are found by their path or by an absolute URL ending in it', () => {
    expect(libraryImageFor([PHOTO], PHOTO.path)).toBe(PHOTO);
    expect(libraryImageFor([PHOTO], `https://studio.example${PHOTO.path}`)).toBe(PHOTO);
    expect(libraryImageFor([PHOTO], '/images/demo/blog-1.svg')).toBeUndefined();
    expect(libraryImageFor(undefined, PHOTO.path)).toBeUndefined();
  });

  it('offer their WebP copies narrowest first', () => {
    expect(srcSetOf(PHOTO)).toBe(
      `/media/${HASH}-480w.webp 480w, /media/${HASH}-960w.webp 960w, /media/${HASH}-1600w.webp 1600w`,
    );
    expect(srcSetOf({ ...PHOTO, variants: [] })).toBe('');
  });
});

describe('ResponsiveImage', () => {
  it('gives a library image its copies, sizes and real dimensions, loading lazily', () => {
    render(
      <ResponsiveImage
        src={PHOTO.path}
        alt="Studio"
        images={[PHOTO]}
        sizes="(min-width: 48rem) 720px, 100vw"
        width={1280}
        height={720}
      />,
    );
    const image = screen.getByRole('img', { name: 'Studio' });
    expect(image).toHaveAttribute('srcset', srcSetOf(PHOTO));
    expect(image).toHaveAttribute('sizes', '(min-width: 48rem) 720px, 100vw');
    expect(image).toHaveAttribute('width', '2400');
    expect(image).toHaveAttribute('height', '1600');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('loads the main picture at once with high priority', () => {
    render(
      <ResponsiveImage
        src={PHOTO.path}
        alt="Cover"
        images={[PHOTO]}
        sizes="100vw"
        width={1}
        height={1}
        priority
      />,
    );
    const image = screen.getByRole('img', { name: 'Cover' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it("is described by the library's alt text, else by the one it was given", () => {
    const { rerender } = render(
      <ResponsiveImage
        src={PHOTO.path}
        alt=""
        images={[{ ...PHOTO, alt: ' A desk by the window ' }]}
        sizes="100vw"
        width={1}
        height={1}
      />,
    );
    expect(screen.getByRole('img', { name: 'A desk by the window' })).toBeInTheDocument();
    rerender(
      <ResponsiveImage
        src={PHOTO.path}
        alt="The post's title"
        images={[{ ...PHOTO, alt: '' }]}
        sizes="100vw"
        width={1}
        height={1}
      />,
    );
    expect(screen.getByRole('img', { name: "The post's title" })).toBeInTheDocument();
  });

  it('shows any other address as is, with the size it was given', () => {
    render(
      <ResponsiveImage
        src="/images/demo/blog-1.svg"
        alt="Demo"
        images={[PHOTO]}
        sizes="100vw"
        width={640}
        height={360}
      />,
    );
    const image = screen.getByRole('img', { name: 'Demo' });
    expect(image).toHaveAttribute('src', '/images/demo/blog-1.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '640');
  });
});
