import {
  exportNewsletterSubscribers,
  type Subscriber,
  type SubscriberStatus,
  useDeleteNewsletterSubscriber,
  useListNewsletterSubscribers,
} from '@atelier/api-client/api';
import { ExportButton } from '@/kit/export/export-button';
import type { ListState } from '@/kit/list/list-state';
import { StatusBadge } from '@/kit/list/status-badge';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { plural, shortDateTime } from '@/kit/values';
import { newsletterScreen } from './screen';

/** How each status reads (the server's words are `pending`, `confirmed`, `unconfirmed`). */
export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  unconfirmed: 'Not confirmed',
};

const STATUSES = (Object.keys(STATUS_LABELS) as SubscriberStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

const statusOf = (state: ListState) =>
  (state.filters.status as SubscriberStatus | undefined) || undefined;

/** The number of addresses on the whole list, whatever the search. */
function ListCount() {
  const { data } = useListNewsletterSubscribers({ limit: 1 });
  if (!data) return null;
  return (
    <p className="self-center text-sm text-gray-600" aria-live="polite">
      {plural(data.totalItems, 'subscriber')}
    </p>
  );
}

export const newsletter = defineResource<Subscriber, Record<string, never>, never>({
  title: newsletterScreen.title,
  description:
    'Addresses left in the newsletter box. Export them with their unsubscribe links for your mailing tool.',
  headerActions: (state) => (
    <>
      <ListCount />
      <ExportButton
        operation="exportNewsletterSubscribers"
        plural="subscribers"
        filename="newsletter-subscribers"
        fetchCsv={() =>
          exportNewsletterSubscribers(
            { search: state.q.trim() || undefined, status: statusOf(state) },
            { headers: { Accept: 'text/csv' } },
          )
        }
      />
    </>
  ),
  list: {
    mode: 'server',
    useRows: (state) =>
      fromQuery(
        useListNewsletterSubscribers({
          page: state.page,
          limit: state.size,
          search: state.q.trim() || undefined,
          status: statusOf(state),
        }),
        (data) => ({ rows: data.subscribers, total: data.totalItems }),
      ),
    search: { placeholder: 'Search addresses…' },
    filters: [
      {
        key: 'status',
        label: 'Status',
        allLabel: 'All',
        kind: 'chips',
        options: STATUSES,
      },
    ],
    pageSizes: [25, 50, 100],
    columns: [
      {
        header: 'Email',
        cell: (row) => <span className="font-medium break-all text-gray-900">{row.email}</span>,
      },
      {
        header: 'Status',
        cell: (row) => <StatusBadge status={row.status} label={STATUS_LABELS[row.status]} />,
      },
      {
        header: 'Signed up',
        className: 'hidden md:table-cell',
        cell: (row) => shortDateTime(row.createdAt),
      },
    ],
    empty: (state) =>
      state.q || state.filters.status
        ? 'No subscribers match your search.'
        : 'No subscribers yet. Sign-ups from the newsletter box appear here.',
    actions: ['delete'],
    rowLabel: (row) => row.email,
  },
  api: {
    useDelete: useDeleteNewsletterSubscriber,
    invalidates: ['/newsletter/subscribers'],
    operations: { delete: 'deleteNewsletterSubscriber' },
  },
  messages: {
    created: '',
    updated: '',
    deleted: 'Subscriber deleted successfully!',
    deleteQuestion:
      'Are you sure you want to delete this subscriber? The address will receive no more newsletters.',
    plural: 'subscribers',
  },
});

export default function NewsletterScreen() {
  return <ResourceScreen definition={newsletter} />;
}
