import { useMemo } from 'react';
import type { LibraryImageInfo } from '../image/library-image';
import { IMAGE_NOT_FOUND_SRC } from './image-not-found';
import { renderInlineMarkdown, renderMarkdown } from './render-markdown';
import './markdown.css';

export interface MarkdownProps {
  source: string | null | undefined;
  /** Render one line (e.g. a title) without paragraphs, inside a span. */
  inline?: boolean;
  className?: string;
  /** The record's media library images: pictures of the text that are one offer their copies. */
  images?: readonly LibraryImageInfo[];
  /** The `sizes` of those pictures; the width of a text column by default. */
  imageSizes?: string;
}

const showImageNotFound = (event: Event) => {
  const target = event.target;
  if (!(target instanceof HTMLImageElement) || target.dataset.fallback === 'true') return;
  target.dataset.fallback = 'true';
  target.alt = target.alt || 'Image Not Found';
  target.src = IMAGE_NOT_FOUND_SRC;
};

// `error` does not bubble, so listen in the capture phase for every image inside.
const replaceBrokenImages = (root: HTMLElement | null) => {
  if (!root) return;
  root.addEventListener('error', showImageNotFound, true);
  return () => root.removeEventListener('error', showImageNotFound, true);
};

/** Shows markdown as sanitized HTML; broken images are replaced by an 'Image Not Found' picture. */
export function Markdown({
  source,
  inline = false,
  className = '',
  images,
  imageSizes,
}: MarkdownProps) {
  const html = useMemo(() => {
    const options = { images, sizes: imageSizes };
    return inline ? renderInlineMarkdown(source, options) : renderMarkdown(source, options);
  }, [source, inline, images, imageSizes]);
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      ref={replaceBrokenImages}
      className={inline ? className : `markdown-body ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by render-markdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
