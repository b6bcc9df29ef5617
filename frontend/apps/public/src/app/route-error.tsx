import { t } from '@atelier/messages/intl';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's fallback when a page fails to load or render (public-site.md §8). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{t('error.title')}</h1>
      <p role="alert" className="mt-4 text-red-700">
        {detail}
      </p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
      >
        {t('common.backHome')}
      </Link>
    </main>
  );
}
