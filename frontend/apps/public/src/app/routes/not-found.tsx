import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/contact';

const HELPFUL_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Contact', to: '/contact' },
  { label: 'Blog', to: '/blog' },
  { label: 'Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
] as const;

/** Any unknown path. */
export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 pt-36 pb-24 text-center">
      <p className="text-7xl font-extrabold text-blue-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">Page Not Found</h1>
      <p className="mt-4 text-gray-600">
        The page you are looking for does not exist or has been moved.
      </p>
      <nav aria-label="Helpful links" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-3">
          {HELPFUL_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-block rounded-full border border-blue-600 px-5 py-2 font-medium text-blue-600 hover:bg-blue-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-10 text-sm text-gray-500">
        Think something is broken? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-blue-600 underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </section>
  );
}
