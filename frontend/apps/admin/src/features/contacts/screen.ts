import {
  type ContactList,
  getListContactsQueryOptions,
  useListContacts,
} from '@atelier/api-client/api';
import { faEnvelope } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** How often the sidebar asks for the unread count while the back office stays open. */
export const BADGE_REFRESH_MS = 60_000;

/**
 * back-office.md §4: the unread count is the number of messages with status `new`; the server
 * derives it, and every write to a message refreshes it (its query key starts with `/contacts`).
 */
const useUnreadContacts = () => {
  const { data } = useListContacts(
    { limit: 1 },
    { query: { refetchInterval: BADGE_REFRESH_MS, staleTime: BADGE_REFRESH_MS / 2 } },
  );
  return data && data.unreadCount > 0
    ? { count: data.unreadCount, label: `${data.unreadCount} unread` }
    : undefined;
};

/** The Contact Messages screen as the registry lists it. */
export const contactsScreen = defineScreen({
  path: 'contacts',
  label: 'Contact Messages',
  title: 'Contact Messages',
  icon: faEnvelope,
  summary: 'Read, answer and file the messages sent through the contact form.',
  load: () => import('./contacts-screen'),
  requires: ['listContacts'],
  useBadge: useUnreadContacts,
  activity: activitySource({
    kind: 'contact',
    label: 'Contact message',
    count: 3,
    query: getListContactsQueryOptions({ limit: 1000 }),
    records: (data?: ContactList) => data?.contacts,
    title: (row) => `${row.name}: ${row.subject}`,
    link: (row) => `/contacts/${row._id}`,
  }),
  audit: [{ value: 'contacts', label: 'Contact messages' }],
});
