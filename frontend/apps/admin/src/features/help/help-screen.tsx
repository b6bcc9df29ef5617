import { useGetSettings } from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import {
  faEnvelope,
  faFolderOpen,
  faGear,
  faInbox,
  faKeyboard,
  faNewspaper,
} from '@fortawesome/free-solid-svg-icons';
import { useId } from 'react';
import { Link } from 'react-router';
import { ScreenTitle } from '@/kit/screen-header';

/** Where support mail goes when the settings name no support address. */
export const DEFAULT_SUPPORT_EMAIL = 'support@atelier.local';

const CARDS = [
  {
    title: 'Writing and publishing',
    icon: faNewspaper,
    text: 'Write blog posts and case studies as drafts, then publish them when they are ready. The About page and the policies live under Content.',
    links: [
      ['Blog Posts', '/blog'],
      ['Portfolio', '/portfolio'],
      ['Content', '/content'],
    ],
  },
  {
    title: 'Organising the catalogue',
    icon: faFolderOpen,
    text: 'Categories and tags file posts and projects; technologies label projects; services, testimonials, team and FAQs each have their own screen. Inactive items stay out of the public site.',
    links: [
      ['Categories', '/categories'],
      ['Services', '/services'],
      ['FAQ', '/faq'],
    ],
  },
  {
    title: 'Answering visitors',
    icon: faInbox,
    text: 'Contact messages arrive as New; marking one Read, Replied or Closed keeps the unread count honest. Project requests move through the pipeline from New request to Completed.',
    links: [
      ['Contact Messages', '/contacts'],
      ['Project Requests', '/project-requests'],
    ],
  },
  {
    title: 'Site settings',
    icon: faGear,
    text: "The site's name, contact emails and social links, whether service prices show, and how many services the home page lists. Contact details feed the contact page and the footer.",
    links: [
      ['Settings', '/settings'],
      ['Contact Details', '/contact-details'],
    ],
  },
  {
    title: 'Working faster',
    icon: faKeyboard,
    text: 'Ctrl+S (Cmd+S on a Mac) saves the form you are in. Lists remember their search, filters and page in the address, so a link or a reload brings you back to the same view. Leaving a changed form asks first.',
    links: [],
  },
] as const;

/** /admin/help (back-office.md §2 Help Center): help cards and a mail link to support. */
export default function HelpScreen() {
  const headingId = useId();
  const settings = useGetSettings();
  const support = settings.data?.supportEmail || DEFAULT_SUPPORT_EMAIL;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl space-y-6">
      <ScreenTitle
        headingId={headingId}
        title="Help Center"
        description="How the back office works, screen by screen."
      />
      <ul className="grid gap-4 md:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.title} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-3 text-lg font-semibold text-gray-900">
              <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                <Icon icon={card.icon} className="h-4 w-4" />
              </span>
              {card.title}
            </h2>
            <p className="mt-3 text-sm text-gray-600">{card.text}</p>
            {card.links.length > 0 && (
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {card.links.map(([label, path]) => (
                  <Link key={path} to={path} className="font-medium text-blue-700 hover:underline">
                    {label}
                  </Link>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
      <aside className="flex flex-col items-start gap-3 rounded-xl bg-blue-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Still stuck?</h2>
          <p className="text-sm text-blue-50">Write to support and we will get back to you.</p>
        </div>
        <a
          href={`mailto:${support}`}
          className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
        >
          <Icon icon={faEnvelope} className="h-4 w-4" />
          Contact Support
        </a>
      </aside>
    </section>
  );
}
