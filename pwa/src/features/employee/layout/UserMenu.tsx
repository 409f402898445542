// Avatar button with the dropdown (spec §2): My Profile, Settings, Logout.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { initialsOf } from './initials';

interface Props {
  name?: string;
  email?: string;
  onLogout: () => void;
}

export function UserMenu({ name, email, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  // Close on a click outside or Escape (focus back on the avatar); arrows move between the items.
  useEffect(() => {
    if (!open) return;
    const items = () => Array.from(boxRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        boxRef.current?.querySelector<HTMLElement>('.emp-avatar')?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        if (at === -1) return;
        e.preventDefault();
        list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length].focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="emp-menu" ref={boxRef}>
      <button
        type="button"
        className="emp-avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account menu for ${name ?? 'employee'}`}
        onClick={() => setOpen((o) => !o)}
      >
        {initialsOf(name)}
      </button>
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
