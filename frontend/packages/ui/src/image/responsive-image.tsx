import type { ImgHTMLAttributes } from 'react';
import { type LibraryImageInfo, libraryImageFor, srcSetOf } from './library-image';

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading'> {
  src: string;
  /** Said of the image when the library gives it no alt text (the library's wins). */
  alt: string;
  /** The record's library images: when `src` is one, its copies and size are used. */
  images?: readonly LibraryImageInfo[];
  /** How wide the image is drawn, as the `sizes` attribute says it (e.g. `(min-width: 48rem) 720px, 100vw`). */
  sizes: string;
  /** Size used when `src` is not a library image (an external or demo picture). */
  width: number;
  height: number;
  /**
   * The page's main picture (its largest paint, above the fold): loaded at once with high
   * priority. Any other image loads lazily, when it nears the viewport.
   */
  priority?: boolean;
}

/**
 * An `<img>` that offers a library image's WebP copies with `srcset`/`sizes`, carries the
 * original's `width`/`height` (so nothing moves when it arrives), is described by the library's
 * alt text when it has one, and loads lazily unless it is the page's main picture. Any other
 * address is shown as is.
 */
export function ResponsiveImage({
  src,
  alt,
  images,
  sizes,
  width,
  height,
  priority = false,
  ...rest
}: ResponsiveImageProps) {
  const library = libraryImageFor(images, src);
  const srcSet = library ? srcSetOf(library) : '';
  return (
    <img
      {...rest}
      src={src}
      alt={library?.alt?.trim() || alt}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={library?.width ?? width}
      height={library?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
