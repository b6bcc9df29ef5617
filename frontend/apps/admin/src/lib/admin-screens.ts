import {
  faAddressCard,
  faBriefcase,
  faCircleQuestion,
  faClipboardList,
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
  faTags,
  faUsers,
  type IconDefinition,
} from '@fortawesome/free-solid-svg-icons';

/** One entry of the back-office sidebar (back-office.md §2), in the order it lists them. */
export interface SidebarEntry {
  /** Relative to /admin, e.g. `/blog`. */
  path: string;
  label: string;
  icon: IconDefinition;
}

export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { path: '/dashboard', label: 'Dashboard', icon: faGauge },
  { path: '/blog', label: 'Blog Posts', icon: faNewspaper },
  { path: '/categories', label: 'Categories', icon: faFolderOpen },
  { path: '/tags', label: 'Tags', icon: faTags },
  { path: '/technologies', label: 'Technologies', icon: faMicrochip },
  { path: '/services', label: 'Services', icon: faBriefcase },
  { path: '/portfolio', label: 'Portfolio', icon: faLayerGroup },
  { path: '/testimonials', label: 'Testimonials', icon: faCommentDots },
  { path: '/team', label: 'Team', icon: faUsers },
  { path: '/media', label: 'Media Library', icon: faImages },
  { path: '/project-requests', label: 'Project Requests', icon: faClipboardList },
  { path: '/contacts', label: 'Contact Messages', icon: faEnvelope },
  { path: '/contact-details', label: 'Contact Details', icon: faAddressCard },
  { path: '/faq', label: 'FAQ', icon: faCircleQuestion },
  { path: '/content', label: 'Content', icon: faFileLines },
  { path: '/settings', label: 'Settings', icon: faGear },
  { path: '/help', label: 'Help Center', icon: faLifeRing },
];

/** A back-office screen that is not built yet: its route and what it will do. */
export interface PlannedScreen {
  /** A route pattern relative to /admin, without the leading slash. */
  route: string;
  title: string;
  summary: string;
}

/**
 * Every route of back-office.md §2 besides the dashboard, plus the editor routes the dashboard
 * links to (`faqs` is the FAQ screen under the address the dashboard's quick link uses).
 */
export const PLANNED_SCREENS: readonly PlannedScreen[] = [
  {
    route: 'blog',
    title: 'Blog Posts Management',
    summary: 'Search, filter by status and page through posts; write them in the markdown editor.',
  },
  {
    route: 'blog/new',
    title: 'New Blog Post',
    summary: 'Write a post with its featured image, category, tags and search-engine details.',
  },
  {
    route: 'blog/edit/:id',
    title: 'Edit Blog Post',
    summary: 'Change a post, its status, category, tags and search-engine details.',
  },
  {
    route: 'categories',
    title: 'Category Management',
    summary: 'Create, feature, order and retire blog categories and see how many posts each holds.',
  },
  {
    route: 'tags',
    title: 'Tag Management',
    summary: 'Name, describe and colour the tags used by blog posts and portfolio projects.',
  },
  {
    route: 'technologies',
    title: 'Technology Management',
    summary:
      'Keep the list of technologies shown on projects, by category, with icons and colours.',
  },
  {
    route: 'services',
    title: 'Services Management',
    summary: 'Edit the services the website offers: features, prices, icons, order and status.',
  },
  {
    route: 'portfolio',
    title: 'Portfolio Management',
    summary: 'Search, sort and filter projects; publish, feature and archive them.',
  },
  {
    route: 'portfolio/new',
    title: 'New Portfolio Project',
    summary: 'Add a project with its client, image, technologies, tags and links.',
  },
  {
    route: 'portfolio/edit/:id',
    title: 'Edit Portfolio Project',
    summary: 'Change a project, its technologies, tags, links and status.',
  },
  {
    route: 'testimonials',
    title: 'Testimonials Management',
    summary: 'Approve, feature and edit what clients say about the agency.',
  },
  {
    route: 'team',
    title: 'Team Management',
    summary: 'Introduce the team: profiles, skills, social links and their order on the site.',
  },
  {
    route: 'media',
    title: 'Media Library',
    summary: 'Browse, search and tag the images, documents and videos used across the site.',
  },
  {
    route: 'project-requests',
    title: 'Project Requests',
    summary: 'Follow each quote request from first contact to a signed project.',
  },
  {
    route: 'contacts',
    title: 'Contact Messages',
    summary: 'Read, answer and file the messages sent through the contact form.',
  },
  {
    route: 'contact-details',
    title: 'Contact Details Management',
    summary: 'Set the email, phone, address, map and social links shown on the website.',
  },
  {
    route: 'faq',
    title: 'FAQ Management',
    summary: 'Write, order and publish the frequently asked questions.',
  },
  {
    route: 'faqs',
    title: 'FAQ Management',
    summary: 'Write, order and publish the frequently asked questions.',
  },
  {
    route: 'content',
    title: 'Content Management',
    summary: 'Edit the About Us page and the privacy, terms and cookie policies.',
  },
  {
    route: 'settings',
    title: 'Site Settings',
    summary: 'Site name and description, contact emails, social links and how prices show.',
  },
  {
    route: 'help',
    title: 'Help Center',
    summary: 'Guides to every back-office screen and a way to reach support.',
  },
];
