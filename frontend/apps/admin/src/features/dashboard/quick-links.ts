import {
  faCircleQuestion,
  faFolderOpen,
  faLayerGroup,
  faNewspaper,
  type IconDefinition,
} from '@fortawesome/free-solid-svg-icons';

export interface QuickLink {
  /** Relative to /admin. */
  path: string;
  label: string;
  description: string;
  icon: IconDefinition;
  /** Tailwind classes for the icon's badge. */
  tone: string;
}

/** The dashboard's quick links (back-office.md §2). */
export const QUICK_LINKS: readonly QuickLink[] = [
  {
    path: '/blog/new',
    label: 'New Blog Post',
    description: 'Write and publish an article',
    icon: faNewspaper,
    tone: 'bg-blue-50 text-blue-600',
  },
  {
    path: '/portfolio/new',
    label: 'Add Project',
    description: 'Show a new piece of work',
    icon: faLayerGroup,
    tone: 'bg-purple-50 text-purple-600',
  },
  {
    path: '/faqs',
    label: 'Manage FAQs',
    description: 'Answer common questions',
    icon: faCircleQuestion,
    tone: 'bg-green-50 text-green-600',
  },
  {
    path: '/categories',
    label: 'Categories',
    description: 'Organise blog posts',
    icon: faFolderOpen,
    tone: 'bg-amber-50 text-amber-600',
  },
];
