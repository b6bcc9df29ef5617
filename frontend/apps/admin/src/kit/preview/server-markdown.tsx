import { previewMarkdown } from '@atelier/api-client/api';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { useDebouncedValue } from '@atelier/ui/use-debounced-value';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** How long the text must rest before the server is asked to render it again. */
export const PREVIEW_DEBOUNCE_MS = 200;

export interface ServerMarkdownOptions {
  /** One line (a title) without the paragraph around it. */
  inline?: boolean;
  delayMs?: number;
}

/**
 * `source` as the site will show it, rendered by the server's one renderer (POST
 * /markdown/preview), asked for once the text rests for a moment. The last rendering stays on
 * screen while the next one is on its way, so typing never blanks the preview; a text rendered
 * once is not asked for again.
 */
export const useServerMarkdown = (
  source: string,
  { inline = false, delayMs = PREVIEW_DEBOUNCE_MS }: ServerMarkdownOptions = {},
) => {
  const settled = useDebouncedValue(source, delayMs);
  const query = useQuery({
    queryKey: ['markdown-preview', inline, settled],
    queryFn: () =>
      settled.trim() === ''
        ? Promise.resolve({ html: '' })
        : previewMarkdown({ markdown: settled, inline }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
  return {
    html: query.data?.html ?? '',
    /** A newer text than the one shown is being rendered. */
    pending: settled !== source || query.isFetching,
    failed: query.isError,
  };
};

/** Markdown drawn by the server's renderer (see `useServerMarkdown`), styled like the site's. */
export function ServerMarkdown({
  source,
  inline = false,
  className = '',
}: {
  source: string;
  inline?: boolean;
  className?: string;
}) {
  const { html, pending, failed } = useServerMarkdown(source, { inline });
  return (
    <>
      {failed && (
        <p role="status" className="mb-2 text-xs text-red-700">
          The preview could not be updated; it shows the last text the server rendered.
        </p>
      )}
      <MarkdownHtml
        html={html}
        inline={inline}
        className={`${className} ${pending ? 'opacity-80' : ''}`.trim()}
      />
    </>
  );
}
