import { Icon } from '@atelier/ui/icon';
import { faAnglesLeft, faAnglesRight, faXmark } from '@fortawesome/free-solid-svg-icons';
import { NavLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { useRegistry } from '@/kit/screens/registry';
import type { ScreenDefinition } from '@/kit/screens/screen';
import { DASHBOARD_PATH } from '@/lib/paths';

/**
 * A sidebar entry's count (the unread messages): a pill after the label, or a dot on the icon when
 * the desktop sidebar shows only icons. Screen readers hear it as part of the link: 'Contact
 * Messages 3 unread'.
 */
function EntryBadge({
  screen,
  dot = false,
  hidden = false,
}: {
  screen: ScreenDefinition;
  dot?: boolean;
  hidden?: boolean;
}) {
  const badge = screen.useBadge?.();
  if (!badge) return null;
  if (dot) {
    return (
      <span
        aria-hidden="true"
        className="absolute -right-1.5 -top-1.5 hidden h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white md:block"
      />
    );
  }
  return (
    <span
      className={`ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white ${
        hidden ? 'md:sr-only' : ''
      }`}
    >
      <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
      <span className="sr-only">{badge.label}</span>
    </span>
  );
}

export interface SidebarProps {
  /** Desktop: only icons are shown. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile: the sidebar has slid in. */
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

/** The back-office navigation: collapses on desktop, slides in on mobile. */
export function Sidebar({ collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const hideOnDesktop = collapsed ? 'md:sr-only' : '';
  const { sidebar } = useRegistry();
  return (
    <aside
      id="admin-sidebar"
      aria-label="Back office"
      data-collapsed={collapsed}
      data-mobile-open={mobileOpen}
      className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-gray-200 bg-white shadow-lg transition-[transform,width] duration-200 md:translate-x-0 md:shadow-none ${
        mobileOpen ? 'translate-x-0' : '-translate-x-full'
      } ${collapsed ? 'md:w-20' : 'md:w-64'}`}
    >
      <div className="flex h-16 items-center justify-between gap-2 border-b border-gray-200 px-4">
        <NavLink to={DASHBOARD_PATH} className="flex items-center" onClick={onCloseMobile}>
          <BrandMark nameClassName={hideOnDesktop} />
        </NavLink>
        <button
          type="button"
          onClick={onCloseMobile}
          className="rounded-md p-2 text-gray-500 hover:bg-gray-100 md:hidden"
          aria-label="Close menu"
        >
          <Icon icon={faXmark} className="h-5 w-5" />
        </button>
      </div>

      <nav aria-label="Sections" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {sidebar.map((entry) => (
            <li key={entry.path}>
              <NavLink
                to={`/${entry.path}`}
                onClick={onCloseMobile}
                title={collapsed ? entry.label : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                    collapsed ? 'md:justify-center' : ''
                  } ${
                    isActive
                      ? 'bg-blue-50 text-blue-700'
                      : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900'
                  }`
                }
              >
                <span className="relative shrink-0">
                  <Icon icon={entry.icon} fixedWidth className="h-4 w-4" />
                  {collapsed && entry.useBadge && <EntryBadge screen={entry} dot />}
                </span>
                <span className={hideOnDesktop}>{entry.label}</span>
                {entry.useBadge && <EntryBadge screen={entry} hidden={collapsed} />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="hidden border-t border-gray-200 p-3 md:block">
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-controls="admin-sidebar"
          aria-expanded={!collapsed}
          className="flex w-full items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        >
          <Icon icon={collapsed ? faAnglesRight : faAnglesLeft} className="h-4 w-4" />
          <span className={hideOnDesktop}>{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
        </button>
      </div>
    </aside>
  );
}
