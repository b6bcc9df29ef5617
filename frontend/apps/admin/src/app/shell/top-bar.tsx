import { Icon, type IconDefinition } from '@atelier/ui/icon';
import { faBars, faRightFromBracket } from '@fortawesome/free-solid-svg-icons';
import { NavLink } from 'react-router';
import { accountScreen } from '@/features/account/screen';
import { useRegistry } from '@/kit/screens/registry';

/** A back-office area reached from the top bar: its icon, and its name from wide screens on. */
function TopBarLink({ to, label, icon }: { to: string; label: string; icon: IconDefinition }) {
  return (
    <NavLink
      to={`/${to}`}
      title={label}
      aria-label={label}
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-gray-700 hover:bg-gray-100 ${
          isActive ? 'bg-blue-50' : ''
        }`
      }
    >
      <Icon icon={icon} className="h-4 w-4" />
      <span className="hidden lg:inline">{label}</span>
    </NavLink>
  );
}

export interface TopBarProps {
  userName: string;
  onOpenMenu: () => void;
  menuOpen: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * The header above every back-office screen: menu button (mobile), the screens the registry places
 * in the top bar (the audit log, the administrators), the admin's own account, sign-out.
 */
export function TopBar({ userName, onOpenMenu, menuOpen, onSignOut, signingOut }: TopBarProps) {
  const initial = userName.trim().charAt(0).toUpperCase() || 'A';
  const { topBar } = useRegistry();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-gray-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-controls="admin-sidebar"
        aria-expanded={menuOpen}
        aria-label="Open menu"
        className="rounded-md p-2 text-gray-600 hover:bg-gray-100 md:hidden"
      >
        <Icon icon={faBars} className="h-5 w-5" />
      </button>
      <span className="hidden text-sm font-medium text-gray-500 md:block">Back office</span>
      <div className="flex items-center gap-3">
        {topBar.map(({ screen, label }) => (
          <TopBarLink key={screen.path} to={screen.path} label={label} icon={screen.icon} />
        ))}
        <NavLink
          to={`/${accountScreen.path}`}
          title="Your account"
          className={({ isActive }) =>
            `flex items-center gap-2 rounded-lg px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 ${
              isActive ? 'bg-blue-50' : ''
            }`
          }
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-600 font-semibold text-white"
          >
            {initial}
          </span>
          <span className="hidden sm:inline">{userName}</span>
          <span className="sr-only sm:hidden">Your account</span>
        </NavLink>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60"
        >
          <Icon icon={faRightFromBracket} className="h-4 w-4" />
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </header>
  );
}
