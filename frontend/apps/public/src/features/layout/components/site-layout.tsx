import { t } from '@atelier/messages/intl';
import { Outlet, useLocation } from 'react-router';
import { DocumentHead } from './document-head';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageBanner } from './language-banner';
import { ScrollManager } from './scroll-manager';

/** Header, page and footer; the header and footer are hidden on /admin paths. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const isAdminPath = pathname === '/admin' || pathname.startsWith('/admin/');

  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager />
      {!isAdminPath && <DocumentHead />}
      {!isAdminPath && (
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
        >
          {t('layout.skipToContent')}
        </a>
      )}
      {!isAdminPath && <Header />}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      {!isAdminPath && <Footer />}
      {!isAdminPath && <LanguageBanner />}
    </div>
  );
}
