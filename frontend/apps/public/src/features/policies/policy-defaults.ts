import { type MessageId, messageFormat, t } from '@atelier/messages/intl';
import { loadCataloguePart } from '@atelier/messages/load';

// The built-in texts are a part of the catalogues of their own: loaded with the policy pages only.
await loadCataloguePart('builtin');

export type PolicyKey = 'privacy' | 'terms' | 'cookies';

export interface PolicyContent {
  /** The language of a stored page's text (its answer's `language`); absent for the built-in. */
  language?: string | null;
  title: string;
  subtitle: string;
  /** Whether the title and subtitle are the stored page's (else the built-in ones). */
  own?: { title: boolean; subtitle: boolean };
  /** The text as sanitised HTML: the server's own pages carry theirs in `contentHtml`. */
  contentHtml: string;
  lastUpdated: string;
}

/** Shown when the server has no text for the page (public-site.md §2: 'Last updated' March 15, 2024). */
export const DEFAULT_LAST_UPDATED = '2024-03-15T00:00:00Z';

const MESSAGES: Readonly<
  Record<PolicyKey, { title: MessageId; subtitle: MessageId; text: MessageId }>
> = {
  privacy: {
    title: 'policy.privacy',
    subtitle: 'builtin.privacy.subtitle',
    text: 'builtin.privacy.text',
  },
  terms: { title: 'policy.terms', subtitle: 'builtin.terms.subtitle', text: 'builtin.terms.text' },
  cookies: {
    title: 'policy.cookies',
    subtitle: 'builtin.cookies.subtitle',
    text: 'builtin.cookies.text',
  },
};

/** Markup already written, as a tag of a built-in text gives it to its parent. */
interface Markup {
  html: string;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const htmlOf = (parts: unknown): string =>
  (Array.isArray(parts) ? parts : [parts])
    .map((part) =>
      typeof part === 'object' && part && 'html' in part
        ? (part as Markup).html
        : escapeText(String(part)),
    )
    .join('');

/** A block of a built-in text, one a line (as the server's markdown renderer writes them). */
const block =
  (tag: string, opening = '') =>
  (chunks: unknown[]): Markup => ({ html: `<${tag}>${opening}${htmlOf(chunks)}</${tag}>\n` });

/**
 * A built-in text of the catalogues (`<h2>`, `<p>`, `<ul>`, `<li>` as its only tags) as HTML in
 * the page's language, its words escaped.
 */
export const builtInHtml = (id: MessageId): string => {
  const format = messageFormat(id);
  if (typeof format === 'string') return escapeText(format);
  return htmlOf(
    format.format<Markup>({
      h2: block('h2'),
      p: block('p'),
      ul: block('ul', '\n'),
      li: block('li'),
    } as never),
  );
};

/** The built-in text of the policy page `key` in the page's language (the catalogues'). */
export const defaultPolicy = (key: PolicyKey): PolicyContent => {
  const messages = MESSAGES[key];
  return {
    title: t(messages.title),
    subtitle: t(messages.subtitle),
    lastUpdated: DEFAULT_LAST_UPDATED,
    contentHtml: builtInHtml(messages.text),
  };
};
