/**
 * Images of the media library as records describe them (the `images` of a post or a project): the
 * library path a record names, the original's size and its WebP copies. Pages use them to give an
 * image its `srcset` and its real `width` and `height`, so the browser picks the smallest copy
 * that is sharp on the screen and keeps the image's place while it loads.
 */
export interface LibraryImageInfo {
  /** `/media/<key>`, as the record names it (or the path of its absolute URL). */
  path: string;
  width: number;
  height: number;
  /** Narrowest first. */
  variants: readonly { url: string; width: number }[];
  /** The alt text given in the library; empty (or absent) for none. */
  alt?: string;
}

/** The library image `src` shows, when the record lists it: the same path, or a URL ending in it. */
export const libraryImageFor = (
  images: readonly LibraryImageInfo[] | undefined,
  src: string,
): LibraryImageInfo | undefined =>
  images?.find((image) => src === image.path || src.endsWith(image.path));

/** `srcset` of the image's WebP copies (`/media/…-480w.webp 480w, …`); empty without copies. */
export const srcSetOf = (image: LibraryImageInfo): string =>
  image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
