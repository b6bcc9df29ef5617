import { renderInlineMarkdown } from '@atelier/ui/render-markdown';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** What a raw node draws: its kind, its markdown, and how an edit of that markdown is saved. */
export interface RawViewProps {
  kind: string;
  source: string;
  setSource: (source: string) => void;
}

/** Why a block is kept as source, in the admin's words. */
export const RAW_BLOCK_LABELS: Record<string, string> = {
  html: 'HTML',
  footnote: 'Footnote',
  definition: 'Link reference',
  indentedCode: 'Indented code',
  list: 'List with blank lines between items',
  markdown: 'Markdown',
};

const stopKeys = (event: KeyboardEvent) => event.stopPropagation();

/** Our own inline extras (keys, badges, small text) drawn exactly as the site draws them. */
const RENDERED_KINDS = new Set(['kbd', 'badge', 'small', 'marks']);

export function RawInlineView({ kind, source, setSource }: RawViewProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (draft !== null) input.current?.focus();
  }, [draft]);

  if (draft !== null) {
    const commit = () => {
      if (draft.trim() !== '' && draft !== source) setSource(draft.replace(/\n/g, ' '));
      setDraft(null);
    };
    return (
      <input
        ref={input}
        aria-label="Markdown of this element"
        className="atelier-raw-inline-input"
        value={draft}
        size={Math.max(4, draft.length)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          stopKeys(event);
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDraft(null);
          }
        }}
      />
    );
  }
  const rendered = RENDERED_KINDS.has(kind);
  return (
    <button
      type="button"
      title={`${source} (click to edit)`}
      className={`atelier-raw-inline atelier-raw-inline-${kind}`}
      onClick={() => setDraft(source)}
    >
      {rendered ? (
        <span
          className="markdown-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the site's renderer
          dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(source) }}
        />
      ) : (
        <code>{source}</code>
      )}
    </button>
  );
}

export function RawBlockView({ kind, source, setSource }: RawViewProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const label = RAW_BLOCK_LABELS[kind] ?? RAW_BLOCK_LABELS.markdown;
  return (
    <div className="atelier-raw-block" data-kind={kind}>
      <div className="atelier-raw-block-bar">
        <span>{label} · kept as markdown</span>
        {draft === null ? (
          <button type="button" onClick={() => setDraft(source)}>
            Edit markdown
          </button>
        ) : (
          <span className="atelier-raw-block-actions">
            <button
              type="button"
              onClick={() => {
                if (draft !== source) setSource(draft);
                setDraft(null);
              }}
            >
              Done
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {draft === null ? (
        <pre>{source}</pre>
      ) : (
        <textarea
          aria-label={`${label} markdown`}
          value={draft}
          rows={Math.min(16, draft.split('\n').length + 1)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={stopKeys}
        />
      )}
    </div>
  );
}
