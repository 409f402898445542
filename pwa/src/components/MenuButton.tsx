// The button that opens a useDropdown menu (the customer's and the employee's account menus).
import type { ReactNode, RefObject } from 'react';

interface Props {
  className: string;
  /** "true" for a list of links, "menu" for a role="menu" list. */
  popup: 'true' | 'menu';
  open: boolean;
  /** The id of the list it opens, when the list has one. */
  controls?: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
  children: ReactNode;
}

export function MenuButton({ className, popup, open, controls, buttonRef, onToggle, children }: Props) {
  return (
    <button ref={buttonRef} type="button" className={className} aria-haspopup={popup} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}
