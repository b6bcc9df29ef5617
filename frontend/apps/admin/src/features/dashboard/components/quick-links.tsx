//! The dashboard's quick links into the screens (the registry's, cut by the role).
import { Icon } from '@atelier/ui/icon';
import { Link } from 'react-router';
import type { QuickLink } from '@/kit/screens/screen';

export function QuickLinks({ links }: { links: readonly QuickLink[] }) {
  return (
    <section aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="text-lg font-semibold text-gray-900">
        Quick Links
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              to={link.path}
              className="flex h-full items-start gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span
                className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${link.tone}`}
              >
                <Icon icon={link.icon} className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-semibold text-gray-900">{link.label}</span>
                <span className="mt-1 block text-sm text-gray-500">{link.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
