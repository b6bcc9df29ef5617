import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BannerProvider, BannerRegion } from '@/kit/feedback/banners';
import { useRegistry } from '@/kit/screens/registry';
import { LOGIN_PATH } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const COLLAPSED_STORAGE_KEY = 'adminSidebarCollapsed';

const readCollapsed = () => {
  try {
    return localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
};

/** The frame of every signed-in screen: sidebar, top bar and the screen itself. */
export function AdminLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { screenOf } = useRegistry();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // A new screen starts at the top, with the mobile menu closed; opening a record's form on the
  // same screen keeps the list where it was.
  // The address's first segment as typed: `faqs` and `faq` are two addresses of one screen.
  const screenPath = screenOf(pathname) ? pathname.split('/').find(Boolean) : pathname;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    setMobileOpen(false);
  }, [screenPath]);

  useEffect(() => {
    const screen = screenOf(pathname);
    document.title = screen ? `${screen.title} · Atelier admin` : 'Atelier admin';
  }, [pathname, screenOf]);

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStorage.setItem(COLLAPSED_STORAGE_KEY, String(next));
  };

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className="min-h-screen bg-gray-100">
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      {mobileOpen && (
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          onClick={() => setMobileOpen(false)}
          className="fixed inset-0 z-30 bg-gray-900/40 md:hidden"
        />
      )}
      <div className={`transition-[padding] duration-200 ${collapsed ? 'md:pl-20' : 'md:pl-64'}`}>
        <TopBar
          userName={user?.name ?? ''}
          onOpenMenu={() => setMobileOpen(true)}
          menuOpen={mobileOpen}
          onSignOut={onSignOut}
          signingOut={signingOut}
        />
        <BannerProvider>
          <main className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
            <BannerRegion />
            <Outlet />
          </main>
        </BannerProvider>
      </div>
    </div>
  );
}
