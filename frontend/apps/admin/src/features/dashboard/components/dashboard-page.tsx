import { Icon } from '@atelier/ui/icon';
import { Link } from 'react-router';
import { QUICK_LINKS } from '../../../app/screens';
import { useSession } from '../../../lib/session/use-session';

/** /admin/dashboard: a welcome for the signed-in administrator and the quick links. */
export default function DashboardPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section className="rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 p-6 text-white shadow sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {user?.name ?? 'Admin'}!</h1>
        <p className="mt-2 text-blue-100">
          Here is your Atelier back office. Pick up where you left off.
        </p>
      </section>

      <section aria-labelledby="quick-links-title">
        <h2 id="quick-links-title" className="text-lg font-semibold text-gray-900">
          Quick Links
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_LINKS.map((link) => (
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

      <section
        aria-labelledby="recent-activity-title"
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h2 id="recent-activity-title" className="text-lg font-semibold text-gray-900">
          Recent Activity
        </h2>
        <p className="mt-3 text-sm text-gray-500">
          Recent posts, projects, requests and messages will be listed here once their screens are
          built.
        </p>
      </section>
    </div>
  );
}
