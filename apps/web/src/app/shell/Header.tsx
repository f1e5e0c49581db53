import { MenuIcon } from '../../components/icons.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { sk } from '../../i18n/sk.ts';
import { hasAuthority } from '../../lib/permissions.ts';
import { useCurrentUser } from '../session.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The permission that shows the bell (design §4 Authorities). */
export const BELL_AUTHORITY = 'NEW_PHOTO_NOTIFICATION' as const;

type Props = { drawerOpen: boolean; onToggleDrawer: () => void };

export function Header({ drawerOpen, onToggleDrawer }: Props) {
  const user = useCurrentUser();
  return (
    <header className="app-header">
      <button
        type="button"
        className="btn btn-light header-hamburger"
        onClick={onToggleDrawer}
        aria-label={sk.shell.toggleMenu}
        aria-expanded={drawerOpen}
      >
        <MenuIcon />
      </button>
      <div className="header-brand">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span>{sk.appName}</span>
      </div>
      <div className="ms-auto d-flex align-items-center gap-2">
        {hasAuthority(user, BELL_AUTHORITY) ? <NotificationBell /> : null}
        <UserMenu />
      </div>
    </header>
  );
}
