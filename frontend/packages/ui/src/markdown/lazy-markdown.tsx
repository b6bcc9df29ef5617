import { type ComponentType, lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';

/** Resolves once the browser has painted the current frame; at once where nothing paints. */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

let loaded: ComponentType<MarkdownProps> | undefined;

/**
 * Loads the renderer (once); from then on `LazyMarkdown` draws the rendering at once, with no
 * placeholder in between. A page whose content the server wrote keeps that content until this is
 * done, so the page React then draws looks the same.
 */
export const loadMarkdownRenderer = async (): Promise<ComponentType<MarkdownProps>> => {
  const { Markdown } = await import('./markdown');
  loaded = Markdown;
  return Markdown;
};

// The parser and the sanitizer are the largest part of a page's scripts: they are asked for only
// after the first paint with data, so what the visitor came for is drawn without waiting for them.
const Renderer = lazy(async () => {
  await afterPaint();
  return { default: await loadMarkdownRenderer() };
});

/** Paragraphs of the source without the syntax marks at the start of its lines. */
const roughParagraphs = (source: string) =>
  source
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\s*(?:#{1,6}|[-*+>]|\d+\.|\|)\s*/gm, '').trim())
    .filter((block) => block !== '');

/**
 * Stands in for the text while the renderer loads: the source's words, invisible on grey bars,
 * hold about the space the rendered text will take.
 */
export function MarkdownPlaceholder({ source, inline = false, className = '' }: MarkdownProps) {
  const bar = 'rounded bg-gray-100 text-transparent [box-decoration-break:clone]';
  if (inline) {
    return (
      <span aria-hidden="true" className={`${className} ${bar}`}>
        {source}
      </span>
    );
  }
  return (
    <div
      aria-hidden="true"
      data-testid="markdown-placeholder"
      className={`markdown-body ${className}`}
    >
      {roughParagraphs(source ?? '').map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs never move
        <p key={index}>
          <span className={bar}>{paragraph}</span>
        </p>
      ))}
    </div>
  );
}

/**
 * `Markdown` (sanitized HTML from markdown) with its renderer loaded on first use, after the
 * frame that first shows it; a placeholder of about the same size stands in until then. The app
 * includes `@atelier/ui/markdown.css` in its own stylesheet, so no page waits for it.
 */
export function LazyMarkdown(props: MarkdownProps) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<MarkdownPlaceholder {...props} />}>
      <Renderer {...props} />
    </Suspense>
  );
}
