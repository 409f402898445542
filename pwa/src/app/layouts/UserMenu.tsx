// Signed-in customer's menu: My Profile, My Bookings, Sign Out behind a confirmation.
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { MenuButton } from '@/components/MenuButton';
import { useDropdown } from '@/components/useDropdown';
import { initials } from '@/lib/initials';
import type { PublicUser } from '@shared/schemas/auth';
import { RoleBadge } from './RoleBadge';

interface Props {
  user: PublicUser;
  /** Ends the session (the layout wires useAuth().signOut and the offline clean-up). */
  onSignOut: () => void;
}

export function UserMenu({ user, onSignOut }: Props) {
  const { open, close, toggle, rootRef, buttonRef } = useDropdown();
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const navigate = useNavigate();

  const confirmSignOut = () => {
    setConfirming(false);
    onSignOut();
    navigate('/');
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <RoleBadge role={user.role} />
      <MenuButton className="user-menu__button" popup="true" open={open} controls={menuId} buttonRef={buttonRef} onToggle={toggle}>
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="user-menu__name">{user.name}</span>
        <span className="visually-hidden">Account menu</span>
      </MenuButton>
      {open && (
        <ul className="user-menu__list" id={menuId}>
          {/* The bar hides the badge on the narrowest phones; the menu always says who is signed in. */}
          <li className="user-menu__who">
            <span className="user-menu__who-name">{user.name}</span>
            <RoleBadge role={user.role} />
          </li>
          <li>
            <Link to="/profile" onClick={close}>
              My Profile
            </Link>
          </li>
          <li>
            <Link to="/orders" onClick={close}>
              My Bookings
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                setConfirming(true);
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign Out"
        question={MSG.signOutQuestion}
        confirmLabel="Sign Out"
        onConfirm={confirmSignOut}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
