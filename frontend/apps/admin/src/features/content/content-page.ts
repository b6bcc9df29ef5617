import {
  type ContentPage,
  type ContentPageInput,
  useGetContentPageRevision,
  useListContentPageRevisions,
  useRestoreContentPageRevision,
} from '@atelier/api-client/api';
import { z } from 'zod';
import type { HistoryField } from '@/kit/history/diff-view';
import type { HistoryBinding } from '@/kit/history/history-panel';

/** back-office.md §2: the four tabs, About Us first. */
export const CONTENT_TABS = [
  { type: 'about', label: 'About Us' },
  { type: 'privacy', label: 'Privacy Policy' },
  { type: 'terms', label: 'Terms of Service' },
  { type: 'cookies', label: 'Cookie Policy' },
] as const;
export type PageType = (typeof CONTENT_TABS)[number]['type'];

export const CONTENT_SAVED = 'Content saved successfully!';

export const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  subtitle: z.string(),
  description: z.string(),
  vision: z.string(),
  mission: z.string(),
  values: z.array(z.object({ text: z.string() })),
  content: z.string(),
  lastUpdated: z.string(),
});
export type Values = z.infer<typeof schema>;

const EMPTY: Values = {
  title: '',
  subtitle: '',
  description: '',
  vision: '',
  mission: '',
  values: [],
  content: '',
  lastUpdated: '',
};

const today = () => new Date().toISOString().slice(0, 10);

export const toValues = (page: ContentPage | undefined): Values =>
  page
    ? {
        title: page.title,
        subtitle: page.subtitle,
        description: page.description,
        vision: page.vision,
        mission: page.mission,
        values: page.values.map((text) => ({ text })),
        content: page.content,
        lastUpdated: page.lastUpdated?.slice(0, 10) ?? '',
      }
    : EMPTY;

export const toInput = (type: PageType, values: Values): ContentPageInput =>
  type === 'about'
    ? {
        title: values.title,
        subtitle: values.subtitle,
        description: values.description,
        vision: values.vision,
        mission: values.mission,
        values: values.values.map((value) => value.text.trim()).filter(Boolean),
      }
    : {
        title: values.title,
        subtitle: values.subtitle,
        description: values.description,
        content: values.content,
        // Sent as an ISO timestamp (back-office.md §3), today when left empty.
        lastUpdated: new Date(`${values.lastUpdated || today()}T00:00:00Z`).toISOString(),
      };

const HISTORY_FIELDS: readonly HistoryField<Values>[] = [
  { label: 'Title', text: (values) => values.title },
  { label: 'Subtitle', text: (values) => values.subtitle },
  { label: 'Description', text: (values) => values.description, kind: 'markdown' },
  { label: 'Vision', text: (values) => values.vision },
  { label: 'Mission', text: (values) => values.mission },
  { label: 'Values', text: (values) => values.values.map((value) => value.text).join('\n') },
  { label: 'Content', text: (values) => values.content, kind: 'markdown' },
  { label: 'Last Updated', text: (values) => values.lastUpdated },
];

/** A page's revision history, keyed by the page's type. */
export const pageHistory: HistoryBinding<ContentPage, Values> = {
  noun: 'page',
  useRevisions: (type) => useListContentPageRevisions(type),
  useRevision: (type, revisionId) => useGetContentPageRevision(type, revisionId),
  useRestore: () => {
    const restore = useRestoreContentPageRevision();
    return {
      isPending: restore.isPending,
      mutateAsync: ({ key, revisionId }) => restore.mutateAsync({ type: key, revisionId }),
    };
  },
  useFields: () => HISTORY_FIELDS,
  invalidates: ['/content'],
};
