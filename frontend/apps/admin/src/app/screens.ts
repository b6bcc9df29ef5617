import { useListContacts } from '@atelier/api-client/api';
import {
  faAddressCard,
  faBriefcase,
  faCircleQuestion,
  faClipboardList,
  faClockRotateLeft,
  faCommentDots,
  faEnvelope,
  faFileLines,
  faFolderOpen,
  faGauge,
  faGear,
  faImages,
  faLayerGroup,
  faLifeRing,
  faMicrochip,
  faNewspaper,
  faPaperPlane,
  faTags,
  faUser,
  faUserShield,
  faUsers,
  type IconDefinition,
} from '@fortawesome/free-solid-svg-icons';
import type { ComponentType } from 'react';

/**
 * One back-office screen. This list is the only place screens are named: the sidebar, the routes
 * (each screen its own lazily loaded chunk), the dashboard's quick links, the tab titles and the
 * registry test all come from it.
 */
export interface AdminScreen {
  /** Relative to /admin, without slashes: `categories`. The route is `path/*`. */
  path: string;
  /** The sidebar's words. */
  label: string;
  /** The screen's heading and tab title. */
  title: string;
  icon: IconDefinition;
  /** What the screen is for, shown while it is still being built. */
  summary: string;
  /** The screen's module; absent while it is still being built. */
  load?: () => Promise<{ default: ComponentType }>;
  /** `false` for an address that is not in the sidebar (the dashboard's `/faqs`). */
  sidebar?: boolean;
  /** A count shown on the sidebar entry (unread messages); nothing while 0 or unknown. */
  useBadge?: () => ScreenBadge | undefined;
}

export interface ScreenBadge {
  count: number;
  /** What the count means, read by screen readers: '3 unread'. */
  label: string;
}

/** How often the sidebar asks for the unread count while the back office stays open. */
export const BADGE_REFRESH_MS = 60_000;

/**
 * back-office.md §4: the unread count is the number of messages with status `new`; the server
 * derives it, and every write to a message refreshes it (its query key starts with `/contacts`).
 */
const useUnreadContacts = (): ScreenBadge | undefined => {
  const { data } = useListContacts(
    { limit: 1 },
    { query: { refetchInterval: BADGE_REFRESH_MS, staleTime: BADGE_REFRESH_MS / 2 } },
  );
  return data && data.unreadCount > 0
    ? { count: data.unreadCount, label: `${data.unreadCount} unread` }
    : undefined;
};

const faq = () => import('@/features/faq/faq-screen');

export const SCREENS: readonly AdminScreen[] = [
  {
    path: 'dashboard',
    label: 'Dashboard',
    title: 'Dashboard',
    icon: faGauge,
    summary: 'Recent activity, figures and quick links.',
    load: () => import('@/features/dashboard/components/dashboard-page'),
  },
  {
    path: 'blog',
    label: 'Blog Posts',
    title: 'Blog Posts Management',
    icon: faNewspaper,
    summary: 'Search, filter by status and page through posts; write them in the markdown editor.',
    load: () => import('@/features/blog/blog-screen'),
  },
  {
    path: 'categories',
    label: 'Categories',
    title: 'Category Management',
    icon: faFolderOpen,
    summary: 'Create, feature, order and retire blog categories and see how many posts each holds.',
    load: () => import('@/features/categories/categories-screen'),
  },
  {
    path: 'tags',
    label: 'Tags',
    title: 'Tag Management',
    icon: faTags,
    summary: 'Name, describe and colour the tags used by blog posts and portfolio projects.',
    load: () => import('@/features/tags/tags-screen'),
  },
  {
    path: 'technologies',
    label: 'Technologies',
    title: 'Technology Management',
    icon: faMicrochip,
    summary:
      'Keep the list of technologies shown on projects, by category, with icons and colours.',
    load: () => import('@/features/technologies/technologies-screen'),
  },
  {
    path: 'services',
    label: 'Services',
    title: 'Services Management',
    icon: faBriefcase,
    summary: 'Edit the services the website offers: features, prices, icons, order and status.',
    load: () => import('@/features/services/services-screen'),
  },
  {
    path: 'portfolio',
    label: 'Portfolio',
    title: 'Portfolio Management',
    icon: faLayerGroup,
    summary: 'Search, sort and filter projects; publish, feature and archive them.',
    load: () => import('@/features/portfolio/portfolio-screen'),
  },
  {
    path: 'testimonials',
    label: 'Testimonials',
    title: 'Testimonials Management',
    icon: faCommentDots,
    summary: 'Approve, feature and edit what clients say about the agency.',
    load: () => import('@/features/testimonials/testimonials-screen'),
  },
  {
    path: 'team',
    label: 'Team',
    title: 'Team Management',
    icon: faUsers,
    summary: 'Introduce the team: profiles, skills, social links and their order on the site.',
    load: () => import('@/features/team/team-screen'),
  },
  {
    path: 'media',
    label: 'Media Library',
    title: 'Media Library',
    icon: faImages,
    summary: 'Browse, search and tag the images, documents and videos used across the site.',
    load: () => import('../features/media/media-screen'),
  },
  {
    path: 'project-requests',
    label: 'Project Requests',
    title: 'Project Requests',
    icon: faClipboardList,
    summary: 'Follow each quote request from first contact to a signed project.',
    load: () => import('@/features/project-requests/project-requests-screen'),
  },
  {
    path: 'contacts',
    label: 'Contact Messages',
    title: 'Contact Messages',
    icon: faEnvelope,
    summary: 'Read, answer and file the messages sent through the contact form.',
    load: () => import('@/features/contacts/contacts-screen'),
    useBadge: useUnreadContacts,
  },
  {
    path: 'newsletter',
    label: 'Newsletter',
    title: 'Newsletter Subscribers',
    icon: faPaperPlane,
    summary: 'The addresses left in the newsletter box: search, export and remove them.',
    load: () => import('@/features/newsletter/newsletter-screen'),
  },
  {
    path: 'contact-details',
    label: 'Contact Details',
    title: 'Contact Details Management',
    icon: faAddressCard,
    summary: 'Set the email, phone, address, map and social links shown on the website.',
    load: () => import('@/features/contact-details/contact-details-screen'),
  },
  {
    path: 'faq',
    label: 'FAQ',
    title: 'FAQ Management',
    icon: faCircleQuestion,
    summary: 'Write, order and publish the frequently asked questions.',
    load: faq,
  },
  {
    path: 'faqs',
    label: 'FAQ',
    title: 'FAQ Management',
    icon: faCircleQuestion,
    summary: 'Write, order and publish the frequently asked questions.',
    load: faq,
    sidebar: false,
  },
  {
    path: 'content',
    label: 'Content',
    title: 'Content Management',
    icon: faFileLines,
    summary: 'Edit the About Us page and the privacy, terms and cookie policies.',
    load: () => import('@/features/content/content-screen'),
  },
  {
    path: 'settings',
    label: 'Settings',
    title: 'Site Settings',
    icon: faGear,
    summary: 'Site name and description, contact emails, social links and how prices show.',
    load: () => import('@/features/settings/settings-screen'),
  },
  {
    path: 'administrators',
    label: 'Administrators',
    title: 'Administrators',
    icon: faUserShield,
    summary: 'Who may sign in to the back office: invite administrators and remove them.',
    load: () => import('@/features/administrators/administrators-screen'),
    // Reached from the top bar: the sidebar is the specification's list of sections.
    sidebar: false,
  },
  {
    path: 'audit',
    label: 'Audit Log',
    title: 'Audit Log',
    icon: faClockRotateLeft,
    summary:
      'Who changed what and when: every change and sign-in, filtered by person, record and date.',
    load: () => import('@/features/audit/audit-screen'),
    // Reached from the top bar, beside the administrators.
    sidebar: false,
  },
  {
    path: 'help',
    label: 'Help Center',
    title: 'Help Center',
    icon: faLifeRing,
    summary: 'Guides to every back-office screen and a way to reach support.',
    load: () => import('@/features/help/help-screen'),
  },
  {
    path: 'account',
    label: 'Account',
    title: 'Your Account',
    icon: faUser,
    summary: 'Your name, email and password.',
    load: () => import('@/features/account/account-screen'),
    sidebar: false,
  },
];

/** The signed-in administrator's own screen, reached from the top bar. */
export const ACCOUNT_PATH = 'account';

/** Who changed what, reached from the top bar. */
export const AUDIT_PATH = 'audit';

/** Who may sign in, reached from the top bar. */
export const ADMINISTRATORS_PATH = 'administrators';

/** The sidebar's entries (back-office.md §2), in its order. */
export const SIDEBAR_SCREENS = SCREENS.filter((screen) => screen.sidebar !== false);

/** The screen an address (relative to /admin) belongs to. */
export const screenOf = (pathname: string): AdminScreen | undefined => {
  const first = pathname.split('/').find(Boolean);
  return SCREENS.find((screen) => screen.path === first);
};

export interface QuickLink {
  /** Relative to /admin. */
  path: string;
  label: string;
  description: string;
  /** Tailwind classes for the icon's badge. */
  tone: string;
  icon: IconDefinition;
}

const iconOf = (path: string) => SCREENS.find((screen) => screen.path === path)?.icon ?? faGauge;

/** The dashboard's quick links (back-office.md §2), each into a screen of the list above. */
export const QUICK_LINKS: readonly QuickLink[] = [
  {
    path: '/blog/new',
    label: 'New Blog Post',
    description: 'Write and publish an article',
    tone: 'bg-blue-50 text-blue-600',
    icon: iconOf('blog'),
  },
  {
    path: '/portfolio/new',
    label: 'Add Project',
    description: 'Show a new piece of work',
    tone: 'bg-purple-50 text-purple-600',
    icon: iconOf('portfolio'),
  },
  {
    path: '/faqs',
    label: 'Manage FAQs',
    description: 'Answer common questions',
    tone: 'bg-green-50 text-green-600',
    icon: iconOf('faqs'),
  },
  {
    path: '/categories',
    label: 'Categories',
    description: 'Organise blog posts',
    tone: 'bg-amber-50 text-amber-600',
    icon: iconOf('categories'),
  },
];
