import {
  type ContactMessage,
  type ContactStatus,
  listContacts,
  useDeleteContact,
  useGetContact,
  useListContacts,
  useUpdateContact,
  useUpdateContactStatus,
} from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { faEnvelope, faPhone, faTrash } from '@fortawesome/free-solid-svg-icons';
import { useQueryClient } from '@tanstack/react-query';
import { failedTo } from '../../kit/errors';
import type { CsvColumn } from '../../kit/export/csv';
import { ExportButton } from '../../kit/export/export-button';
import { DetailItem, DetailList } from '../../kit/inbox/detail-list';
import { type DetailControls, defineInbox, InboxScreen } from '../../kit/inbox/inbox-screen';
import { NotesField } from '../../kit/inbox/notes-field';
import { StatusButtons } from '../../kit/inbox/status-buttons';
import { invalidatePrefixes } from '../../kit/invalidate';
import { useRowAction } from '../../kit/list/use-row-action';
import { fromQuery } from '../../kit/resource';
import { humanize, plural, shortDateTime } from '../../kit/values';

/** Rows per page of the inbox. */
export const CONTACTS_PAGE_SIZE = 20;

const STATUS_CHIPS = [
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'replied', label: 'Replied' },
  { value: 'closed', label: 'Closed' },
] as const;

/** back-office.md §2: the detail pane's buttons, in the spec's order. */
const STATUS_ACTIONS = [
  { value: 'read', label: 'Mark as Read' },
  { value: 'replied', label: 'Mark as Replied' },
  { value: 'closed', label: 'Mark as Closed' },
  { value: 'new', label: 'Mark as New' },
] as const;

const STATUS_TONES: Record<ContactStatus, string> = {
  new: 'bg-blue-100 text-blue-800',
  read: 'bg-gray-100 text-gray-700',
  replied: 'bg-green-100 text-green-800',
  closed: 'bg-gray-200 text-gray-800',
};
const PRIORITY_TONES: Record<string, string> = {
  low: 'text-gray-600',
  medium: 'text-amber-700',
  high: 'text-red-700',
};

const INVALIDATES = ['/contacts'];

function Pill({ status }: { status: ContactStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}
    >
      {humanize(status)}
    </span>
  );
}

/** Every field of a message, for the CSV export. */
export const CONTACT_CSV: readonly CsvColumn<ContactMessage>[] = [
  { header: 'Received', value: (row) => row.createdAt },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Subject', value: (row) => row.subject },
  { header: 'Message', value: (row) => row.message },
  { header: 'Status', value: (row) => row.status },
  { header: 'Priority', value: (row) => row.priority },
  { header: 'Source', value: (row) => row.source },
  { header: 'Tags', value: (row) => row.tags.join(', ') },
  { header: 'Notes', value: (row) => row.notes },
  { header: 'Updated', value: (row) => row.updatedAt },
  { header: 'ID', value: (row) => row._id },
];

function ContactDetail({
  contact,
  controls,
}: {
  contact: ContactMessage;
  controls: DetailControls;
}) {
  const queryClient = useQueryClient();
  const status = useRowAction(useUpdateContactStatus(), INVALIDATES);
  const update = useUpdateContact();
  const saveNotes = async (notes: string) => {
    await update.mutateAsync({ id: contact._id, data: { notes } });
    await invalidatePrefixes(queryClient, INVALIDATES);
  };
  const reply = `mailto:${contact.email}?subject=${encodeURIComponent(`Re: ${contact.subject}`)}`;
  const actionClass =
    'inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors';

  return (
    <article className="space-y-6 p-5 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-gray-900">{contact.name}</p>
          <p className="text-sm text-gray-600">{shortDateTime(contact.createdAt)}</p>
        </div>
        <Pill status={contact.status} />
      </header>

      <DetailList>
        <DetailItem term="Email">
          <a href={`mailto:${contact.email}`} className="text-blue-700 underline">
            {contact.email}
          </a>
        </DetailItem>
        {contact.phone && (
          <DetailItem term="Phone">
            <a href={`tel:${contact.phone}`} className="text-blue-700 underline">
              {contact.phone}
            </a>
          </DetailItem>
        )}
        <DetailItem term="Received">{shortDateTime(contact.createdAt)}</DetailItem>
        <DetailItem term="Subject">{contact.subject}</DetailItem>
        <DetailItem term="Priority">
          <span className={`font-semibold ${PRIORITY_TONES[contact.priority] ?? ''}`}>
            {humanize(contact.priority)}
          </span>
        </DetailItem>
        <DetailItem term="Source">{humanize(contact.source)}</DetailItem>
        <DetailItem term="Tags">
          {contact.tags.length ? contact.tags.join(', ') : 'None'}
        </DetailItem>
      </DetailList>

      <section aria-label="Message">
        <h3 className="mb-2 text-sm font-semibold text-gray-700">Message</h3>
        <p className="whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-4 text-sm leading-relaxed text-gray-900">
          {contact.message}
        </p>
      </section>

      <StatusButtons
        label="Status"
        options={STATUS_ACTIONS}
        current={contact.status}
        busy={status.busy}
        onSelect={(value) =>
          void status.run(
            { id: contact._id, data: { status: value as ContactStatus } },
            'Contact status updated successfully!',
            failedTo('update', 'contacts'),
          )
        }
      />

      <NotesField
        key={contact._id}
        value={contact.notes}
        onSave={saveNotes}
        failure={failedTo('update', 'contacts')}
      />

      <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-4">
        <a
          href={reply}
          className={`${actionClass} border-blue-600 bg-blue-600 text-white hover:bg-blue-700`}
        >
          <Icon icon={faEnvelope} className="h-4 w-4" />
          Send Email
        </a>
        {contact.phone && (
          <a
            href={`tel:${contact.phone}`}
            className={`${actionClass} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
          >
            <Icon icon={faPhone} className="h-4 w-4" />
            Call
          </a>
        )}
        <button
          type="button"
          onClick={controls.requestDelete}
          className={`${actionClass} ml-auto border-red-200 bg-white text-red-700 hover:bg-red-50`}
        >
          <Icon icon={faTrash} className="h-4 w-4" />
          Delete
        </button>
      </div>
    </article>
  );
}

export const contacts = defineInbox<ContactMessage>({
  title: 'Contact Messages',
  description: 'Messages sent through the contact form, newest first.',
  plural: 'contacts',
  search: { placeholder: 'Search by name, email or subject…' },
  status: { label: 'Status', allLabel: 'All', options: STATUS_CHIPS },
  pageSize: CONTACTS_PAGE_SIZE,
  useRows: (state) => {
    const status = state.filters.status as ContactStatus | undefined;
    const query = useListContacts({
      search: state.q.trim() || undefined,
      status,
      page: state.page,
      limit: state.size,
    });
    const rows = fromQuery(query, (data) => ({ rows: data.contacts, total: data.totalItems }));
    const data = query.data;
    return {
      ...rows,
      count: data
        ? `${plural(data.totalItems, 'message')} · ${data.unreadCount} unread`
        : undefined,
    };
  },
  useRecord: (id) => {
    const query = useGetContact(id, { query: { enabled: id !== '', retry: false } });
    return { record: query.data, isPending: query.isPending, error: query.error };
  },
  row: (row) => (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <span
          className={`truncate text-sm ${row.status === 'new' ? 'font-bold' : 'font-medium'} text-gray-900`}
        >
          {row.name}
        </span>{' '}
        <Pill status={row.status} />
      </div>
      <p className="truncate text-xs text-gray-600">{row.email}</p>
      <p
        className={`truncate text-sm ${row.status === 'new' ? 'font-semibold text-gray-900' : 'text-gray-700'}`}
      >
        {row.subject}
      </p>
      <p className="flex items-center justify-between gap-2 text-xs text-gray-600">
        <span>{shortDateTime(row.createdAt)}</span>{' '}
        <span className={`font-semibold ${PRIORITY_TONES[row.priority] ?? ''}`}>
          {humanize(row.priority)} priority
        </span>
      </p>
    </div>
  ),
  rowLabel: (row) => `${row.name}: ${row.subject}`,
  detail: (row, controls) => <ContactDetail contact={row} controls={controls} />,
  headerActions: (state) => (
    <ExportButton
      plural="contacts"
      filename="contact-messages"
      columns={CONTACT_CSV}
      fetchPage={async (page, limit) => {
        const answer = await listContacts({
          search: state.q.trim() || undefined,
          status: (state.filters.status as ContactStatus | undefined) ?? undefined,
          page,
          limit,
        });
        return { rows: answer.contacts, totalPages: answer.totalPages };
      }}
    />
  ),
  remove: {
    useDelete: useDeleteContact,
    title: () => 'Delete Contact Message',
    question: (row) => (
      <>
        Are you sure you want to delete the message from <strong>{row.name}</strong>? This action
        cannot be undone.
      </>
    ),
    success: 'Contact deleted successfully!',
  },
  invalidates: INVALIDATES,
  empty: 'No contacts found',
  prompt: 'Select a contact message',
  backLabel: 'Back to messages',
});

export default function ContactsScreen() {
  return <InboxScreen definition={contacts} />;
}
