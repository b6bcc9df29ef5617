import { type MessageId, t } from '@atelier/messages/intl';
import { tRich } from '@atelier/messages/rich';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/contact';

const HELPFUL_LINKS: readonly { label: MessageId; to: string }[] = [
  { label: 'nav.home', to: '/' },
  { label: 'nav.contact', to: '/contact' },
  { label: 'nav.blog', to: '/blog' },
  { label: 'nav.services', to: '/services' },
  { label: 'nav.portfolio', to: '/portfolio' },
];

/** Any unknown path. */
export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 pt-36 pb-24 text-center">
      <p className="text-7xl font-extrabold text-blue-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{t('notFound.title')}</h1>
      <p className="mt-4 text-gray-600">{t('notFound.body')}</p>
      <nav aria-label={t('notFound.helpfulLinks')} className="mt-8">
        <ul className="flex flex-wrap justify-center gap-3">
          {HELPFUL_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-block rounded-full border border-blue-600 px-5 py-2 font-medium text-blue-600 hover:bg-blue-50"
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-10 text-sm text-gray-500">
        {tRich('notFound.support', {
          address: SUPPORT_EMAIL,
          email: (chunks) => (
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-blue-600 underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </section>
  );
}
