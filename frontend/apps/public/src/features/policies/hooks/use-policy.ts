import { useGetContentPage } from '@atelier/api-client/api';
import { defaultPolicy, type PolicyContent, type PolicyKey } from '../policy-defaults';

/**
 * The text of a policy page (GET /content/{key}). When the server has none (404), fails, or sends
 * an empty text, the built-in default applies.
 */
export const usePolicy = (key: PolicyKey): { content: PolicyContent; loading: boolean } => {
  const fallback = defaultPolicy(key);
  const { data, isPending } = useGetContentPage(key);
  if (isPending) return { content: fallback, loading: true };
  if (!data || data.content.trim() === '') return { content: fallback, loading: false };
  const title = data.title.trim();
  const subtitle = data.subtitle.trim();
  return {
    loading: false,
    content: {
      language: data.language,
      title: title || fallback.title,
      subtitle: subtitle || fallback.subtitle,
      own: { title: title !== '', subtitle: subtitle !== '' },
      contentHtml: data.contentHtml,
      lastUpdated: data.lastUpdated ?? data.updatedAt,
    },
  };
};
