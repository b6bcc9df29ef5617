import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';

/** Header, page and footer; the header and footer are hidden on /admin paths. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const isAdminPath = pathname === '/admin' || pathname.startsWith('/admin/');

  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager />
      {!isAdminPath && <Header />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!isAdminPath && <Footer />}
    </div>
  );
}
