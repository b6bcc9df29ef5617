import { t } from '@atelier/messages/intl';
import { IMAGE_NOT_FOUND_SRC } from './image-not-found';

export interface MarkdownHtmlProps {
  /**
   * The server's rendering of a markdown text (a record's `contentHtml`, `answerHtml`, …, or the
   * back office's preview): sanitised HTML, shown as it is.
   */
  html: string | null | undefined;
  /** One line (a title, a list item) inside a span, without the `.markdown-body` block. */
  inline?: boolean;
  className?: string;
}

const showImageNotFound = (event: Event) => {
  const target = event.target;
  if (!(target instanceof HTMLImageElement) || target.dataset.fallback === 'true') return;
  target.dataset.fallback = 'true';
  target.alt = target.alt || t('ui.imageNotFound');
  target.src = IMAGE_NOT_FOUND_SRC;
};

// `error` does not bubble, so listen in the capture phase for every image inside.
const replaceBrokenImages = (root: HTMLElement | null) => {
  if (!root) return;
  root.addEventListener('error', showImageNotFound, true);
  return () => root.removeEventListener('error', showImageNotFound, true);
};

/**
 * Markdown as the server rendered it (one renderer for pages, feeds, the API and the back office's
 * previews: `crates/adapters-http/src/markdown`), styled by `markdown.css`; broken images are
 * replaced by an 'Image Not Found' picture. No markdown parser or sanitizer reaches the browser.
 */
export function MarkdownHtml({ html, inline = false, className = '' }: MarkdownHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      ref={replaceBrokenImages}
      className={inline ? className : `markdown-body ${className}`.trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's renderer
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}
