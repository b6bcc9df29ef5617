import {
  type ContactMessage,
  type ContactStatus,
  exportContacts,
  useDeleteContact,
  useGetContact,
  useListContacts,
  useUpdateContact,
  useUpdateContactStatus,
} from '@atelier/api-client/api';
import { failedTo } from '@/kit/errors';
import { ExportButton } from '@/kit/export/export-button';
import { DetailItem, DetailList } from '@/kit/inbox/detail-list';
import {
  AttributionItems,
  DetailHeader,
  InboxEntry,
  PriorityText,
  ReachItems,
  ReachOutActions,
  TextBlock,
  useSaveNotes,
} from '@/kit/inbox/detail-parts';
import { type DetailControls, defineInbox } from '@/kit/inbox/inbox-definition';
import { InboxScreen } from '@/kit/inbox/inbox-screen';
import { NotesField } from '@/kit/inbox/notes-field';
import { NotSpam, SPAM_FOLDER, showsSpam } from '@/kit/inbox/spam-controls';
import { StatusControl } from '@/kit/inbox/status-buttons';
import { statusFilter } from '@/kit/inbox/status-pipeline';
import { StatusBadge } from '@/kit/list/status-badge';
import { RecordPresence } from '@/kit/presence/presence-banner';
import { fromQuery } from '@/kit/resource';
import { humanize, plural, shortDateTime } from '@/kit/values';
import { contactsScreen } from './screen';

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

const INVALIDATES = ['/contacts'];

/** Every field of a message, for the CSV export. */
function ContactDetail({
  contact,
  controls,
}: {
  contact: ContactMessage;
  controls: DetailControls;
}) {
  const update = useUpdateContact();
  const saveNotes = useSaveNotes(
    (notes, version) => update.mutateAsync({ id: contact._id, data: { notes, version } }),
    INVALIDATES,
  );

  return (
    <article className="space-y-6 p-5 sm:p-6">
      <DetailHeader
        title={contact.name}
        subtitle={shortDateTime(contact.createdAt)}
        badge={<StatusBadge status={contact.status} />}
      />
      <RecordPresence kind="contact" id={contact._id} />
      {contact.spam && (
        <NotSpam
          recordId={contact._id}
          version={contact.version}
          useUpdate={useUpdateContact}
          invalidates={INVALIDATES}
          destination="the inbox"
          failure={failedTo('update', 'contacts')}
        />
      )}

      <DetailList>
        <ReachItems email={contact.email} phone={contact.phone} />
        <DetailItem term="Received">{shortDateTime(contact.createdAt)}</DetailItem>
        <DetailItem term="Subject">{contact.subject}</DetailItem>
        <DetailItem term="Priority">
          <PriorityText priority={contact.priority} />
        </DetailItem>
        <DetailItem term="Source">{humanize(contact.source)}</DetailItem>
        <DetailItem term="Tags">
          {contact.tags.length ? contact.tags.join(', ') : 'None'}
        </DetailItem>
        <AttributionItems attribution={contact.attribution} />
      </DetailList>

      <TextBlock label="Message" text={contact.message} />

      <StatusControl
        label="Status"
        options={STATUS_ACTIONS}
        recordId={contact._id}
        version={contact.version}
        current={contact.status}
        useUpdate={useUpdateContactStatus}
        invalidates={INVALIDATES}
        success="Contact status updated successfully!"
        failure={failedTo('update', 'contacts')}
      />

      <NotesField
        key={contact._id}
        value={contact.notes}
        version={contact.version}
        record="message"
        onSave={saveNotes}
        failure={failedTo('update', 'contacts')}
      />

      <ReachOutActions
        email={contact.email}
        subject={`Re: ${contact.subject}`}
        phone={contact.phone}
        onDelete={controls.requestDelete}
      />
    </article>
  );
}

export const contacts = defineInbox<ContactMessage>({
  title: contactsScreen.title,
  description: 'Messages sent through the contact form, newest first.',
  plural: 'contacts',
  search: { placeholder: 'Search by name, email or subject…' },
  status: statusFilter(STATUS_CHIPS),
  folder: SPAM_FOLDER,
  pageSize: CONTACTS_PAGE_SIZE,
  useRows: (state) => {
    const status = state.filters.status as ContactStatus | undefined;
    const spam = showsSpam(state.filters);
    const query = useListContacts({
      search: state.q.trim() || undefined,
      status,
      spam,
      page: state.page,
      limit: state.size,
    });
    const rows = fromQuery(query, (data) => ({ rows: data.contacts, total: data.totalItems }));
    const data = query.data;
    return {
      ...rows,
      count: data
        ? spam
          ? `${plural(data.totalItems, 'message')} in spam`
          : `${plural(data.totalItems, 'message')} · ${data.unreadCount} unread`
        : undefined,
    };
  },
  useRecord: (id) => {
    const query = useGetContact(id, { query: { enabled: id !== '', retry: false } });
    return { record: query.data, isPending: query.isPending, error: query.error };
  },
  row: (row) => (
    <InboxEntry
      title={row.name}
      bold={row.status === 'new'}
      badge={<StatusBadge status={row.status} />}
      date={shortDateTime(row.createdAt)}
      priority={row.priority}
    >
      <p className="truncate text-xs text-gray-600">{row.email}</p>
      <p
        className={`truncate text-sm ${row.status === 'new' ? 'font-semibold text-gray-900' : 'text-gray-700'}`}
      >
        {row.subject}
      </p>
    </InboxEntry>
  ),
  rowLabel: (row) => `${row.name}: ${row.subject}`,
  detail: (row, controls) => <ContactDetail contact={row} controls={controls} />,
  headerActions: (state) => (
    <ExportButton
      operation="exportContacts"
      plural="contacts"
      filename="contact-messages"
      fetchCsv={() =>
        exportContacts(
          {
            search: state.q.trim() || undefined,
            status: (state.filters.status as ContactStatus | undefined) ?? undefined,
          },
          { headers: { Accept: 'text/csv' } },
        )
      }
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
