// Avatar button with the dropdown: My Profile, Settings, Logout — and Office for admins.
import { Link } from 'react-router-dom';
import { MenuButton } from '@/components/MenuButton';
import { useDropdown } from '@/components/useDropdown';
import { initialsOf } from './initials';

interface Props {
  name?: string;
  email?: string;
  /** Admins and super-admins also get the way into the office. */
  office?: boolean;
  onLogout: () => void;
}

export function UserMenu({ name, email, office = false, onLogout }: Props) {
  const { open, close, toggle, rootRef, buttonRef } = useDropdown();
  return (
    <div className="emp-menu" ref={rootRef}>
      <MenuButton className="emp-avatar" popup="menu" open={open} buttonRef={buttonRef} onToggle={toggle}>
        {/* Named by its text, not aria-label: the name then contains what is seen (WCAG 2.5.3). */}
        <span aria-hidden="true">{initialsOf(name)}</span>
        <span className="visually-hidden">Account menu for {name ?? 'employee'}</span>
      </MenuButton>
      {open && (
        <div className="emp-menu__list" role="menu">
          {name && (
            <div className="emp-menu__who">
              <strong>{name}</strong>
              {email && <span className="muted">{email}</span>}
            </div>
          )}
          <Link role="menuitem" to="/employee/profile" onClick={close}>
            My Profile
          </Link>
          {office && (
            <Link role="menuitem" to="/office" onClick={close}>
              Office
            </Link>
          )}
          <Link role="menuitem" to="/employee/settings" onClick={close}>
            Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
