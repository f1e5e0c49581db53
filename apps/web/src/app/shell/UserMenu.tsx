import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import { KeyIcon, LogoutIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import { useCurrentUser, useSession } from '../session.tsx';

/** Spec §2 Header: avatar, name and e-mail, 'Zmeniť heslo' and 'Odhlásiť sa'. */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useSession();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="light"
        className="user-menu-toggle"
        aria-label={`${sk.shell.userMenu}: ${fullName}`}
      >
        <Avatar firstName={user.firstName} lastName={user.lastName} />
        <span className="user-menu-name d-none d-md-inline">{fullName}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="user-menu shadow">
        <div className="user-menu-header">
          <Avatar firstName={user.firstName} lastName={user.lastName} size={44} />
          <div className="text-truncate">
            <div className="fw-semibold text-truncate">{fullName}</div>
            <div className="small text-body-secondary text-truncate">{user.email}</div>
          </div>
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/change-password">
          <KeyIcon className="me-2" />
          {sk.shell.changePassword}
        </Dropdown.Item>
        <Dropdown.Item as="button" type="button" onClick={() => void logout()}>
          <LogoutIcon className="me-2" />
          {sk.shell.logout}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
